import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routerPath } from '../../rest/routing.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';

describe('routerPath', () => {
  test('turns OpenAPI templates into router paths, escaping literal colons', () => {
    expect(routerPath('/boards/{boardId}/items:batch')).toBe('/boards/:boardId/items\\:batch');
    expect(routerPath('/item-types/{type}:validate')).toBe('/item-types/:type\\:validate');
    expect(routerPath('/spaces/{spaceId}/members/{email}')).toBe('/spaces/:spaceId/members/:email');
    expect(routerPath('/a(b)*')).toBe('/a\\(b\\)\\*');
  });
});

describe('the /v1 router', () => {
  let t: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestServer();
    alice = await t.createUser();
  });
  afterAll(() => t.stop());

  test('a literal colon routes to its own operation, next to a parameter', async () => {
    const valid = await t.api(alice.key, 'POST', '/item-types/sticky_note:validate', { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'a' } });
    expect(valid.status).toBeLessThan(300);
    expect((await t.api(alice.key, 'GET', '/item-types/sticky_note')).status).toBe(200);
  });

  test('paths are case-sensitive, a trailing slash is optional, HEAD runs GET', async () => {
    await expectEnvelope(await fetch(`${t.baseUrl}/ME`, { headers: { Authorization: `Bearer ${alice.key}` } }), 404, 'not_found');
    expect((await t.api(alice.key, 'GET', '/me/')).status).toBe(200);
    expect((await t.api(alice.key, 'HEAD', '/me')).status).toBe(200);
  });

  test('a literal segment wins over a parameter', async () => {
    expect((await t.api(alice.key, 'GET', '/boards/recent')).status).toBe(200);
  });

  test('another method on a known address answers 405 with every method of the address', async () => {
    const res = await t.api(alice.key, 'OPTIONS', '/me');
    expect(res.headers.get('allow')).toBe('GET, PATCH');
    await expectEnvelope(res, 405, 'method_not_allowed');
    const board = await t.api(alice.key, 'PUT', '/boards/brd_x');
    expect(board.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'PATCH']);
  });

  test('a malformed percent-escape in a path parameter answers 422 naming it, never 500', async () => {
    const body = await expectEnvelope(await t.api(alice.key, 'GET', '/boards/%E0%A4%A'), 422, 'validation_failed');
    expect(body.error.field).toBe('boardId');
  });
});
