import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CrdtError, ItemValidationError } from '../../crdt/index.js';
import { DocumentError } from '../../crdt/documents/errors.js';
import { AuthorizationPageError, OAuthError } from '../../server/oauth/OAuthError.js';
import { ConfigError } from '../../server/config.js';
import { StartupError } from '../../server/StartupError.js';
import { UsageError } from '../../server/UsageError.js';
import { BlockedAddressError } from '../../server/webhooks/webhookAddresses.js';
import { ServiceError, ValidationError, errorCodes, errors } from '../../server/errors.js';
import { BoardsError, DuplicateKeyError, StorageError } from '../../storage/index.js';
import { errorStatus } from '../../rest/errorStatus.js';
import { lowerLayerCodes, translateLowerLayerError } from '../../rest/lowerLayerErrors.js';
import { errorHandler } from '../../rest/middleware/errorHandler.js';
import { requestContext } from '../../rest/middleware/requestContext.js';
import { errorDocs } from '../../rest/pages/errorDocs.js';
import { FormError } from '../../rest/oauth/formBody.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, startTestServer } from '../helpers/testServer.js';
import { createBoard } from '../content/helpers.js';

/**
 * The public error codes, pinned: renaming, adding or removing one must change this list, the
 * status table and the docs pages together (clients and the docs match on these strings).
 */
const publicErrorCodes = [
  'bad_request',
  'unauthorized',
  'insufficient_scope',
  'forbidden',
  'payment_required',
  'not_found',
  'method_not_allowed',
  'conflict',
  'gone',
  'trashed',
  'item_locked',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'invalid_image',
  'asset_quota_exceeded',
  'rate_limited',
  'headers_too_large',
  'internal_error',
  'not_implemented',
  'service_unavailable',
  'ai_unavailable',
  'ai_output_invalid',
  'ai_instruction_unsupported',
  'invalid_idempotency_key',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'idempotency_key_in_doubt',
  'cancelled',
  'job_finished',
];

/** Serves `app` on 127.0.0.1 for one test file; returns its base URL and a closer. */
async function serve(app: Koa): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(app.callback());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('the error catalogue', () => {
  test('the public codes are pinned, each with a status and a served docs page', async () => {
    expect([...errorCodes].sort()).toEqual([...publicErrorCodes].sort());
    expect(Object.keys(errorStatus).sort()).toEqual([...publicErrorCodes].sort());
    const app = new Koa();
    app.use(errorDocs());
    const { url, close } = await serve(app);
    try {
      const index = await (await fetch(`${url}/docs/errors`)).text();
      for (const code of publicErrorCodes) {
        expect(index).toContain(`/docs/errors/${code}"`);
        const page = await fetch(`${url}/docs/errors/${code}`);
        expect(page.status, code).toBe(200);
        expect(await page.text()).toContain(`HTTP status <strong>${errorStatus[code as keyof typeof errorStatus]}</strong>`);
      }
    } finally {
      await close();
    }
  });

  test('every error class of every layer extends the one base and keeps a stable code and cause', () => {
    const cause = new Error('root');
    const samples: BoardsError[] = [
      new StorageError('storage_unavailable', 'x', { cause }),
      new DuplicateKeyError('boards', { cause }),
      new CrdtError('item_not_found', 'x', { cause }),
      new DocumentError('persist_timeout', 'x', { cause }),
      new ItemValidationError([{ field: 'data.text', message: 'Too long.' }], { cause }),
      new ServiceError('conflict', 'x', { cause }),
      new ValidationError([{ field: 'title', message: 'Required.' }], { cause }),
      new OAuthError('invalid_grant', 'unknown code', { cause }),
      new StartupError('BOARDS_PORT', 'x', { cause }),
      new UsageError('x', { cause }),
    ];
    for (const error of samples) {
      expect(error).toBeInstanceOf(BoardsError);
      expect(error).toBeInstanceOf(Error);
      expect(error.cause).toBe(cause);
      expect(typeof error.code).toBe('string');
      expect(error.name).toBe(error.constructor.name);
    }
    expect(new AuthorizationPageError('unknown_client', 'x')).toBeInstanceOf(BoardsError);
    expect(new ConfigError([{ variable: 'BOARDS_PORT', message: 'bad' }]).code).toBe('invalid_config');
    expect(new FormError('too_large', 'x').code).toBe('too_large');
    expect(new StartupError('BOARDS_PORT', 'x').code).toBe('startup_failed');
    expect(new UsageError('x').code).toBe('invalid_usage');
    expect(new BlockedAddressError('h', '10.0.0.1')).toBeInstanceOf(BoardsError);
    expect(new BlockedAddressError('h', '10.0.0.1').code).toBe('blocked_address');
    expect(new OAuthError('invalid_client', 'x').error).toBe('invalid_client');
    expect(errors.notFound('Board').code).toBe('not_found');
  });

  test('every lower-layer code maps to a public code', () => {
    for (const code of Object.values(lowerLayerCodes)) expect(publicErrorCodes).toContain(code);
  });

  test('a lower-layer 422 names the field the lower layer names', () => {
    const conversion = translateLowerLayerError(new CrdtError('conversion_not_supported', 'no', { field: 'to' }));
    expect(conversion).toBeInstanceOf(ValidationError);
    expect((conversion as ValidationError).issues[0]?.field).toBe('to');
    const items = translateLowerLayerError(new ItemValidationError([{ field: 'operations[2].data.text', message: 'Too long.' }]));
    expect((items as ValidationError).issues[0]?.field).toBe('operations[2].data.text');
    expect(translateLowerLayerError(new DuplicateKeyError('users'))?.message).not.toContain('users');
    expect(translateLowerLayerError(new Error('plain'))).toBeNull();
  });
});

describe('5xx answers carry no internals', () => {
  let url: string;
  let close: () => Promise<void>;
  const logged: string[] = [];

  beforeAll(async () => {
    const app = new Koa();
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
    app.use(requestContext({ logger, publicUrl: 'http://127.0.0.1' }));
    app.use(errorHandler(translateLowerLayerError));
    app.use(() => {
      throw new DocumentError('persist_timeout', 'Storing an update of brd_secret42 took over 5000 ms.');
    });
    ({ url, close } = await serve(app));
  });
  afterAll(() => close());

  test('a persist timeout answers 503 with the generic text and the request id; the log keeps the detail', async () => {
    const res = await fetch(`${url}/anything`);
    const body = await expectEnvelope(res, 503, 'service_unavailable');
    expect(JSON.stringify(body)).not.toMatch(/brd_secret42|5000 ms/);
    const line = logged.map((l) => JSON.parse(l) as { msg: string; requestId?: string; err?: { message?: string } }).find((l) => l.msg === 'request failed');
    expect(line?.requestId).toBe(body.requestId);
    expect(line?.err?.message).toContain('brd_secret42');
  });
});

describe('one wording for a mistake, wherever it is made', () => {
  let t: TestServer;
  let alice: TestUser;
  let boardId: string;

  beforeAll(async () => {
    t = await startTestServer();
    alice = await t.createUser();
    boardId = await createBoard(t, alice.key);
  });
  afterAll(() => t.stop());

  test('a create and a batch word a wrong field the same way', async () => {
    const item = { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 5 } };
    const single = await expectEnvelope(await t.api(alice.key, 'POST', `/boards/${boardId}/items`, item), 422, 'validation_failed');
    const batch = await expectEnvelope(
      await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations: [{ op: 'create', ...item }] }),
      422,
      'validation_failed',
    );
    expect(single.error.field).toBe('data.text');
    expect(batch.error.field).toBe('operations[0].data.text');
    expect(batch.error.message.replace('operations[0].', '')).toBe(single.error.message);
  });

  test('an unknown field reads the same in the API router and the item catalogue', async () => {
    const board = await expectEnvelope(await t.api(alice.key, 'POST', '/boards', { title: 'x', bogus: 1 }), 422, 'validation_failed');
    const item = await expectEnvelope(
      await t.api(alice.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'a' }, bogus: 1 }),
      422,
      'validation_failed',
    );
    expect(board.error.field).toBe('bogus');
    expect(item.error.field).toBe('bogus');
    expect(board.error.message).toBe(item.error.message);
  });

  test('a batch create whose type is not a string answers 422 naming operations[0].type, and nothing is drawn', async () => {
    for (const type of [{ toString: 'x' }, 42, null, ['sticky_note']]) {
      const res = await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, {
        operations: [{ op: 'create', ref: 'obj', type, position: { x: 0, y: 0 }, data: { text: 'a' } }],
      });
      expect((await expectEnvelope(res, 422, 'validation_failed')).error.field).toBe('operations[0].type');
    }
    const list = await t.api(alice.key, 'GET', `/boards/${boardId}/items`);
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  });
});
