import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

/**
 * Every operation of the OpenAPI document, sent inputs built from the document alone: a body
 * from each request schema, then that body with each field dropped, of the wrong type, huge or
 * nested, bodies that are not JSON or not an object, odd path parameters and query values.
 * Whatever is sent, the answer is never a 5xx, an error is the API envelope, and its status is
 * one the operation documents. Deterministic: a failure names the operation and the input.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Parameter {
  name: string;
  in: 'path' | 'query';
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
interface Input {
  name: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
}

let t: TestServer;
let owner: TestUser;
let viewer: TestUser;
let doc: Doc;

beforeAll(async () => {
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000000', BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  owner = await t.createUser({ plan: 'business' });
  viewer = await t.createUser({ plan: 'business' });
  doc = (await json(await fetch(`${t.baseUrl}/openapi.json`))) as Doc;
});
afterAll(() => t.stop());

function deref(schema: Schema | undefined): Schema {
  let s = schema;
  while (s?.$ref !== undefined) s = doc.components.schemas[s.$ref.split('/').at(-1) ?? ''];
  return s ?? {};
}

/** A value of `schema`: required properties only below the top level, the first of each choice. */
function example(schema: Schema | undefined, depth = 0): unknown {
  const s = deref(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum !== undefined) return s.enum[0];
  if (s.default !== undefined && depth > 0) return s.default;
  if (s.allOf !== undefined) return Object.assign({}, ...s.allOf.map((x) => example(x, depth + 1)));
  const choice = s.oneOf ?? s.anyOf;
  if (choice !== undefined) return example(choice[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'array':
      return depth > 3 ? [] : Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => example(s.items, depth + 1));
    case 'string':
      if (s.format === 'uri') return 'http://127.0.0.1:9/hook';
      if (s.format === 'email') return 'someone@example.com';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'object':
    case undefined: {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(s.properties ?? {})) if (depth === 0 || (s.required ?? []).includes(key)) out[key] = example(value, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

const wrongValues: unknown[] = [null, 12345, -1, 1.5, 'str', '', true, [], {}, 'x'.repeat(70_000), [1, 2], { a: { b: {} } }, 1e308, '\u0000\ud800'];
const label = (value: unknown): string => JSON.stringify(value).slice(0, 20);

function bodyInputs(valid: unknown): Input[] {
  const inputs: Input[] = [{ name: 'schema example', body: valid }];
  if (valid !== null && typeof valid === 'object' && !Array.isArray(valid)) {
    const object = valid as Record<string, unknown>;
    for (const [key, value] of Object.entries(object)) {
      const { [key]: _dropped, ...rest } = object;
      inputs.push({ name: `without ${key}`, body: rest });
      for (const wrong of wrongValues) inputs.push({ name: `${key}=${label(wrong)}`, body: { ...object, [key]: wrong } });
      const first: unknown = Array.isArray(value) ? value[0] : undefined;
      if (first !== null && typeof first === 'object' && !Array.isArray(first)) {
        for (const inner of Object.keys(first)) {
          for (const wrong of wrongValues.slice(0, 9)) inputs.push({ name: `${key}[0].${inner}=${label(wrong)}`, body: { ...object, [key]: [{ ...first, [inner]: wrong }] } });
        }
        inputs.push({ name: `${key} × 5000`, body: { ...object, [key]: Array.from({ length: 5000 }, () => first) } });
      } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const inner of Object.keys(value)) {
          for (const wrong of wrongValues.slice(0, 9)) inputs.push({ name: `${key}.${inner}=${label(wrong)}`, body: { ...object, [key]: { ...value, [inner]: wrong } } });
        }
      }
    }
    inputs.push({ name: 'unknown field', body: { ...object, zzUnknown: 1 } });
    inputs.push({ name: '__proto__ key', raw: JSON.stringify(object).replace(/^\{/, '{"__proto__":{"polluted":1},') });
  }
  for (const raw of ['not json', '[]', 'null', '123', '{"a":', '', '"s"', '{"a":1}{"b":2}']) inputs.push({ name: `raw ${raw}`, raw });
  inputs.push({ name: 'as text/plain', raw: JSON.stringify(valid ?? {}), contentType: 'text/plain' });
  inputs.push({ name: 'as a form', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' });
  return inputs;
}

/** A fresh space, board and item of the owner, and a webhook and a skill when `pathname` names one: ids for the path parameters. */
async function fixtures(pathname: string): Promise<Record<string, string>> {
  const post = async (pathname: string, body: unknown): Promise<string> => {
    const res = await t.api(owner.key, 'POST', pathname, body);
    expect(res.status, `${pathname}: ${await res.clone().text()}`).toBe(201);
    return (await json(res)).id as string;
  };
  const spaceId = await post('/spaces', { name: 'Fuzz' });
  const boardId = await post('/boards', { title: 'Fuzz', spaceId });
  const itemId = await post(`/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 1, y: 2 }, data: { text: 'hi' } });
  // A workspace has room for 100 webhooks: one for each operation that names one.
  const webhookId = pathname.includes('{webhookId}') ? await post('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['item.created'] }) : 'x';
  const skillId = pathname.includes('{skillId}') ? await post('/skills', { name: 'Fuzz', instructions: 'One note a line.', outputType: 'sticky_note' }) : 'x';
  return { spaceId, boardId, itemId, webhookId, skillId, email: 'someone@example.com', type: 'sticky_note' };
}

/**
 * Who calls, and the state of what they call: the owner with every input above, and with the
 * schema example only, someone the space is shared with as a viewer, someone it is not shared
 * with, and the owner once the space (and so every board in it) is in trash.
 */
const callers: { name: string; allInputs: boolean; setUp: (ids: Record<string, string>) => Promise<string> }[] = [
  { name: 'the owner', allInputs: true, setUp: async () => owner.key },
  {
    name: 'a viewer',
    allInputs: false,
    setUp: async (ids) => {
      const res = await t.api(owner.key, 'POST', `/spaces/${ids.spaceId}/members`, { email: viewer.email, role: 'viewer' });
      expect(res.status).toBeLessThan(300);
      return viewer.key;
    },
  },
  { name: 'a stranger', allInputs: false, setUp: async () => viewer.key },
  {
    name: 'the owner, space in trash',
    allInputs: false,
    setUp: async (ids) => {
      expect((await t.api(owner.key, 'DELETE', `/spaces/${ids.spaceId}`)).status).toBe(200);
      return owner.key;
    },
  },
];

describe('every operation, fuzzed from the OpenAPI document', () => {
  test.each(callers)('never answers 5xx; errors are the envelope, with a status the operation documents: $name', { timeout: 240_000 }, async ({ allInputs, setUp }) => {
    const problems: string[] = [];
    let sent = 0;
    const operations = Object.entries(doc.paths).flatMap(([pathname, methods]) => Object.entries(methods).map(([method, op]) => ({ pathname, method: method.toUpperCase(), op })));
    // Deletions last: the rest run against live fixtures.
    operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const { pathname, method, op } of operations) {
      let ids = await fixtures(pathname);
      let key = await setUp(ids);
      const fill = (over: Record<string, string> = {}) => pathname.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(over[name] ?? ids[name] ?? 'x'));
      const schema = op.requestBody?.content['application/json']?.schema;
      const valid = schema ? example(schema) : undefined;
      const send = async (input: Input, target: string): Promise<void> => {
        const headers: Record<string, string> = {};
        if (input.contentType !== undefined) headers['Content-Type'] = input.contentType;
        const body = input.raw ?? input.body;
        const res = await t.api(key, method, target, body, headers);
        sent += 1;
        const text = await res.text();
        const where = `${op.operationId} [${input.name}] ${res.status}`;
        if (res.status >= 500) problems.push(`${where}: ${text.slice(0, 200)}`);
        if (!(String(res.status) in op.responses)) problems.push(`${where} is not documented (${Object.keys(op.responses).join(', ')}): ${text.slice(0, 120)}`);
        if (res.status >= 400) {
          let envelope: { error?: { code?: unknown; message?: unknown; docsUrl?: unknown }; requestId?: unknown } | undefined;
          try {
            envelope = JSON.parse(text) as typeof envelope;
          } catch {
            envelope = undefined;
          }
          const e = envelope?.error;
          if (typeof e?.code !== 'string' || typeof e.message !== 'string' || typeof e.docsUrl !== 'string' || typeof envelope?.requestId !== 'string') {
            problems.push(`${where} is not the error envelope: ${text.slice(0, 120)}`);
          }
        }
        if (method === 'DELETE' && res.status < 300) {
          ids = await fixtures(pathname);
          key = await setUp(ids);
        }
      };
      const inputs: Input[] = schema ? bodyInputs(valid) : [{ name: 'no body' }];
      for (const input of allInputs ? inputs : inputs.slice(0, 1)) await send(input, fill());
      if (!allInputs) continue;
      const parameters = op.parameters ?? [];
      const withBody = valid === undefined ? {} : { body: valid };
      for (const parameter of parameters.filter((p) => p.in === 'path')) {
        for (const value of ['x', '%00', 'a'.repeat(3000), `${ids[parameter.name] ?? 'x'}0`, ' ', 'é\u0000']) {
          await send({ name: `${parameter.name}=${value.slice(0, 12)}`, ...withBody }, fill({ [parameter.name]: value }));
        }
      }
      for (const parameter of parameters.filter((p) => p.in === 'query')) {
        for (const value of ['-1', '0', 'abc', '1e309', '', '999999999999', 'x'.repeat(5000), '%', 'true', '[]']) {
          await send({ name: `?${parameter.name}=${value.slice(0, 12)}`, ...withBody }, `${fill()}?${parameter.name}=${encodeURIComponent(value)}`);
        }
        await send({ name: `?${parameter.name} twice`, ...withBody }, `${fill()}?${parameter.name}=1&${parameter.name}=2`);
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(allInputs ? 2000 : 70);
  });
});
