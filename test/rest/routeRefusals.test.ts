import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Route } from '../../rest/route.js';
import { idempotentKeyMethods } from '../../rest/idempotencyKey.js';
import { routeRefusals, routerChecks } from '../../rest/routeRefusals.js';
import { scopeCatalogue } from '../../server/auth/scopes.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

interface Operation {
  operationId: string;
  responses: Record<string, unknown>;
}

let t: TestServer;
let full: TestUser;
let operations: Map<string, Operation>;
const allScopes = Object.keys(scopeCatalogue);

beforeAll(async () => {
  // Hundreds of refused requests in a row: a budget that does not run out during the test.
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  full = await t.createUser({ scopes: allScopes.join(' ') });
  const doc = (await json(await fetch(`${t.baseUrl}/openapi.json`))) as { paths: Record<string, Record<string, Operation>> };
  operations = new Map(Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => [op.operationId, op] as const)));
});
afterAll(() => t.stop());

/** The route's address with every parameter filled by a value each parameter schema accepts. */
function address(route: Route, fill: (name: string) => string = () => encodeURIComponent('p@example.com')): string {
  return `${t.baseUrl}${route.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => fill(name))}`;
}

/** Sends one request and checks its answer is the expected code and a status the operation documents. */
async function expectDocumentedRefusal(route: Route, init: RequestInit, code: string, url = address(route)): Promise<void> {
  const res = await fetch(url, { method: route.method, ...init });
  const body = (await res.json()) as { error?: { code?: string } };
  const where = `${route.method} ${route.path}`;
  expect(body.error?.code, where).toBe(code);
  expect(Object.keys(operations.get(route.operationId)?.responses ?? {}), where).toContain(String(res.status));
  expect(routeRefusals(route), where).toContain(code);
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('what the router answers is what each operation documents', () => {
  test('every operation lists the codes of the router checks that apply to it', () => {
    for (const route of t.server.routes) {
      const codes = routeRefusals(route);
      for (const check of routerChecks) {
        if (check.appliesTo(route)) for (const code of check.codes) expect(codes, `${route.operationId} ${check.step}`).toContain(code);
      }
      for (const code of route.errors) expect(codes).toContain(code);
    }
  });

  test('401 unauthorized without a token, on every operation', async () => {
    for (const route of t.server.routes) await expectDocumentedRefusal(route, {}, 'unauthorized');
  });

  test('403 insufficient_scope with a token lacking the scope, on every operation', async () => {
    const keys = new Map<string, string>();
    for (const scope of allScopes) {
      const others = allScopes.filter((s) => s !== scope);
      keys.set(scope, (await t.createUser({ scopes: others.join(' ') })).key);
    }
    for (const route of t.server.routes) await expectDocumentedRefusal(route, { headers: bearer(keys.get(route.scope) ?? '') }, 'insufficient_scope');
  });

  test('422 validation_failed for a malformed percent-escape in a path parameter', async () => {
    for (const route of t.server.routes.filter((r) => r.path.includes('{'))) {
      await expectDocumentedRefusal(route, { headers: bearer(full.key) }, 'validation_failed', address(route, () => '%E0%A4%A'));
    }
  });

  test('415, 400 and 413 for a body of another type, malformed JSON, or over 1 MiB (or the limit of the operation), on every operation with a body', async () => {
    const withBody = t.server.routes.filter((r) => r.body);
    expect(withBody.length).toBeGreaterThan(10);
    for (const route of withBody) {
      const big = JSON.stringify({ text: 'x'.repeat((route.maxBodyBytes ?? 1024 * 1024) + 10) });
      const json = { ...bearer(full.key), 'content-type': 'application/json' };
      await expectDocumentedRefusal(route, { headers: { ...bearer(full.key), 'content-type': 'text/plain' }, body: '{}' }, 'unsupported_media_type');
      await expectDocumentedRefusal(route, { headers: json, body: '{"not json' }, 'bad_request');
      await expectDocumentedRefusal(route, { headers: json, body: big }, 'payload_too_large');
    }
  });

  test('400 invalid_idempotency_key for a malformed Idempotency-Key, on every POST, PATCH and DELETE', async () => {
    const writes = t.server.routes.filter((r) => idempotentKeyMethods.has(r.method));
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      await expectDocumentedRefusal(route, { headers: { ...bearer(full.key), 'idempotency-key': 'k'.repeat(256) } }, 'invalid_idempotency_key');
    }
  });
});
