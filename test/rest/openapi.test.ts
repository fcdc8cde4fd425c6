import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allScopes } from '../../server/auth/scopes.js';
import type { TestServer } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

let t: TestServer;
let doc: {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { operationId: string; 'x-required-scope': string; security: unknown[] }>>;
};

beforeAll(async () => {
  t = await startTestServer();
  const res = await fetch(`${t.baseUrl}/openapi.json`);
  expect(res.status).toBe(200);
  doc = await json(res);
});
afterAll(() => t.stop());

function operations(): { method: string; path: string; operationId: string; scope: string }[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, operationId: op.operationId, scope: op['x-required-scope'] })),
  );
}

describe('OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document with the contract version', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-10-01');
    const result = await validate(structuredClone(doc) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  test('lists exactly the routes the server mounts', () => {
    // The app is built from one route list; compare against a fresh build of it.
    const served = new Set(operations().map((o) => `${o.method} ${o.path}`));
    const mounted = new Set(appRoutes().map((r) => `${r.method} ${r.path}`));
    expect([...served].sort()).toEqual([...mounted].sort());
  });

  test('every documented operation answers at its address (401 without a token, never 404 or 405)', async () => {
    for (const op of operations()) {
      const path = op.path.replace(/\{[^}]+\}/g, 'x_1');
      const res = await fetch(`${t.baseUrl}${path}`, { method: op.method });
      expect(res.status, `${op.method} ${op.path}`).toBe(401);
    }
  });

  test('every operation names its scope from the catalogue, and ids are unique', () => {
    const ops = operations();
    for (const op of ops) expect(allScopes, op.operationId).toContain(op.scope);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  });

  test('includes the Me group', () => {
    const ids = operations().map((o) => o.operationId);
    expect(ids).toEqual(
      expect.arrayContaining([
        'getMe',
        'getMyCredits',
        'getMyLimits',
        'getNotificationSettings',
        'putNotificationSettings',
        'listNotifications',
        'markNotificationRead',
        'listMySources',
      ]),
    );
  });
});

function appRoutes(): { method: string; path: string }[] {
  return t.server.routes.map((r) => ({ method: r.method, path: r.path }));
}
