import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema: { minimum?: number; maximum?: number; default?: number };
}

let t: TestServer;
let limits: { method: string; path: string; parameter: Parameter }[];
let readme: string;

beforeAll(async () => {
  t = await startTestServer();
  const doc = (await json(await fetch(`${t.baseUrl}/openapi.json`))) as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
  limits = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) =>
      (op.parameters ?? []).filter((p) => p.name === 'limit' && p.in === 'query').map((parameter) => ({ method, path, parameter })),
    ),
  );
  readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
});
afterAll(() => t.stop());

describe("each list's limits are documented", () => {
  test('every list operation has a limit parameter with minimum, maximum, default and a description saying them', () => {
    expect(limits.map((l) => l.path).sort()).toEqual(
      [
        '/boards',
        '/boards/{boardId}/activity',
        '/boards/{boardId}/chat',
        '/boards/{boardId}/invitations',
        '/boards/{boardId}/items',
        '/boards/{boardId}/items/{itemId}/text',
        '/boards/{boardId}/members',
        '/me/notifications',
        '/search',
        '/skills',
        '/spaces',
        '/spaces/{spaceId}/invitations',
        '/spaces/{spaceId}/members',
        '/webhooks',
        '/webhooks/{webhookId}/deliveries',
      ].sort(),
    );
    for (const { path, parameter } of limits) {
      const { minimum, maximum, default: byDefault } = parameter.schema;
      expect([minimum, maximum, byDefault].every((n) => typeof n === 'number'), path).toBe(true);
      expect(parameter.description, path).toContain(`${String(minimum)} to ${String(maximum)}, default ${String(byDefault)}`);
    }
  });

  test("the README's table gives the same range and default for every list", () => {
    for (const { path, parameter } of limits) {
      const row = readme.split('\n').find((line) => line.trim().startsWith('| ') && line.includes(`${path}\``));
      expect(row, path).toBeDefined();
      const { minimum, maximum, default: byDefault } = parameter.schema;
      expect(row, path).toContain(`| ${String(minimum)}–${String(maximum)} | ${String(byDefault)} |`);
    }
  });

  test('a limit outside the documented range is a 422 naming limit', async () => {
    const user = await t.createUser();
    for (const [path, over] of [['/boards', 101], ['/search?q=x&', 51]] as const) {
      const url = path.includes('?') ? `${path}limit=${over}` : `${path}?limit=${over}`;
      const res = await expectEnvelope(await t.api(user.key, 'GET', url), 422, 'validation_failed');
      expect(res.error.field).toBe('limit');
    }
  });
});
