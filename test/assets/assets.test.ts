import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AssetStore } from '../../storage/index.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import { createBoard } from '../content/helpers.js';
import { gifBytes, pngBytes, svgBytes } from './images.js';

let t: TestServer;
let owner: TestUser;
let store: AssetStore;

beforeAll(async () => {
  t = await startTestServer();
  owner = await t.createUser({ plan: 'pro' });
  store = new AssetStore(t.server.services.db);
});
afterAll(() => t.stop());

/** `POST /boards/{boardId}/assets` with raw bytes. */
function upload(token: string | null, boardId: string, bytes: Uint8Array, contentType = 'image/png', headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${t.baseUrl}/boards/${boardId}/assets`, {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': contentType, ...headers },
    body: bytes,
  });
}

async function uploaded(boardId: string, bytes: Uint8Array = pngBytes(40, 30)): Promise<string> {
  const res = await upload(owner.key, boardId, bytes);
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

async function share(boardId: string, person: TestUser, role: string): Promise<void> {
  expect((await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: person.email, role })).status).toBeLessThan(300);
}

describe('POST /boards/{boardId}/assets', () => {
  test('stores a PNG and answers its facts read from the bytes; GET answers the same bytes with safe caching headers', async () => {
    const boardId = await createBoard(t, owner.key);
    const bytes = pngBytes(640, 480);
    const res = await upload(owner.key, boardId, bytes);
    expect(res.status).toBe(201);
    const asset = await json(res);
    expect(asset).toEqual({ id: expect.stringMatching(/^ast_[0-9a-f]+$/), boardId, contentType: 'image/png', bytes: bytes.byteLength, width: 640, height: 480, createdAt: expect.any(String) });
    const read = await t.api(owner.key, 'GET', `/boards/${boardId}/assets/${asset.id as string}`);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(read.headers.get('content-disposition')).toMatch(/^inline/);
    expect(read.headers.get('content-security-policy')).toContain("default-src 'none'");
    const etag = read.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await t.api(owner.key, 'GET', `/boards/${boardId}/assets/${asset.id as string}`, undefined, { 'If-None-Match': etag ?? '' });
    expect(again.status).toBe(304);
  });

  test('a GIF and an image of several stored chunks (over 256 KiB) come back byte for byte', async () => {
    const boardId = await createBoard(t, owner.key);
    const gif = await json(await upload(owner.key, boardId, gifBytes, 'image/gif'));
    expect(gif).toMatchObject({ contentType: 'image/gif', width: 1, height: 1 });
    const big = pngBytes(20, 20, { padding: 700_000 });
    const id = await uploaded(boardId, big);
    const read = await t.api(owner.key, 'GET', `/boards/${boardId}/assets/${id}`);
    expect(Buffer.from(await read.arrayBuffer()).equals(big)).toBe(true);
  });

  test('bad input is refused with the error envelope and nothing is stored', async () => {
    const boardId = await createBoard(t, owner.key);
    const png = pngBytes(10, 10);
    await expectEnvelope(await upload(null, boardId, png), 401, 'unauthorized');
    await expectEnvelope(await upload(owner.key, boardId, svgBytes, 'image/svg+xml'), 415, 'unsupported_media_type');
    await expectEnvelope(await upload(owner.key, boardId, png, 'application/octet-stream'), 415, 'unsupported_media_type');
    await expectEnvelope(await upload(owner.key, boardId, png, 'image/png', { 'Content-Encoding': 'gzip' }), 415, 'unsupported_media_type');
    await expectEnvelope(await upload(owner.key, boardId, png, 'image/jpeg'), 422, 'invalid_image');
    await expectEnvelope(await upload(owner.key, boardId, Buffer.alloc(0)), 422, 'invalid_image');
    await expectEnvelope(await upload(owner.key, boardId, Buffer.from('not an image at all, just words')), 422, 'invalid_image');
    await expectEnvelope(await upload(owner.key, boardId, svgBytes, 'image/png'), 422, 'invalid_image');
    await expectEnvelope(await upload(owner.key, boardId, pngBytes(10, 10, { padding: 10 * 1024 * 1024 })), 413, 'payload_too_large');
    await expectEnvelope(await upload(owner.key, 'brd_unknown', png), 404, 'not_found');
    const readOnly = await t.createUser({ plan: 'pro', scopes: 'boards:read' });
    await share(boardId, readOnly, 'editor');
    await expectEnvelope(await upload(readOnly.key, boardId, png), 403, 'insufficient_scope');
    expect(await store.usage(boardId)).toEqual({ count: 0, bytes: 0 });
  });

  test('viewers and commenters are refused (403), strangers see no board (404), a locked board takes admins only', async () => {
    const boardId = await createBoard(t, owner.key);
    const viewer = await t.createUser({ plan: 'pro' });
    const commenter = await t.createUser({ plan: 'pro' });
    const editor = await t.createUser({ plan: 'pro' });
    const stranger = await t.createUser({ plan: 'pro' });
    await share(boardId, viewer, 'viewer');
    await share(boardId, commenter, 'commenter');
    await share(boardId, editor, 'editor');
    const png = pngBytes(10, 10);
    await expectEnvelope(await upload(viewer.key, boardId, png), 403, 'forbidden');
    await expectEnvelope(await upload(commenter.key, boardId, png), 403, 'forbidden');
    await expectEnvelope(await upload(stranger.key, boardId, png), 404, 'not_found');
    expect((await t.api(owner.key, 'PATCH', `/boards/${boardId}`, { locked: true })).status).toBe(200);
    await expectEnvelope(await upload(editor.key, boardId, png), 403, 'forbidden');
    expect(await store.usage(boardId)).toEqual({ count: 0, bytes: 0 });
    expect((await upload(owner.key, boardId, png)).status).toBe(201);
  });

  test('a board in trash takes no upload (409 trashed)', async () => {
    const boardId = await createBoard(t, owner.key);
    expect((await t.api(owner.key, 'DELETE', `/boards/${boardId}`)).status).toBeLessThan(300);
    await expectEnvelope(await upload(owner.key, boardId, pngBytes(10, 10)), 409, 'trashed');
    expect(await store.usage(boardId)).toEqual({ count: 0, bytes: 0 });
  });
});

describe('GET /boards/{boardId}/assets/{assetId}', () => {
  test('members who can read the board read it; strangers, unknown ids and other boards answer 404', async () => {
    const boardId = await createBoard(t, owner.key);
    const other = await createBoard(t, owner.key);
    const id = await uploaded(boardId);
    const viewer = await t.createUser({ plan: 'pro' });
    const stranger = await t.createUser({ plan: 'pro' });
    await share(boardId, viewer, 'viewer');
    expect((await t.api(viewer.key, 'GET', `/boards/${boardId}/assets/${id}`)).status).toBe(200);
    await expectEnvelope(await t.api(stranger.key, 'GET', `/boards/${boardId}/assets/${id}`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${boardId}/assets/ast_unknown`), 404, 'not_found');
    await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${other}/assets/${id}`), 404, 'not_found');
    await expectEnvelope(await t.api(null, 'GET', `/boards/${boardId}/assets/${id}`), 401, 'unauthorized');
  });

  test("a public-link guest reads the images of the link's board with the link token, and nothing of another board", async () => {
    const boardId = await createBoard(t, owner.key);
    const other = await createBoard(t, owner.key);
    const id = await uploaded(boardId);
    const otherId = await uploaded(other);
    const link = await json(await t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer', expiresAt: null }));
    const token = link.token as string;
    const read = await t.api(token, 'GET', `/boards/${boardId}/assets/${id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    await expectEnvelope(await t.api(token, 'GET', `/boards/${other}/assets/${otherId}`), 404, 'not_found');
    await expectEnvelope(await t.api(token, 'GET', `/boards/${boardId}/assets/ast_unknown`), 404, 'not_found');
    // The link token opens images only, not uploads.
    await expectEnvelope(await upload(token, boardId, pngBytes(10, 10)), 401, 'unauthorized');
    expect((await t.api(owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: false })).status).toBe(200);
    await expectEnvelope(await t.api(token, 'GET', `/boards/${boardId}/assets/${id}`), 404, 'not_found');
  });
});

describe('assets follow their board', () => {
  test('a duplicate copies the images its image items reference, not the others', async () => {
    const boardId = await createBoard(t, owner.key);
    const shown = await uploaded(boardId, pngBytes(30, 20));
    const unused = await uploaded(boardId, pngBytes(5, 5));
    const item = await t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'image', position: { x: 0, y: 0 }, data: { assetId: shown, alt: 'chart' } });
    expect(item.status).toBe(201);
    const copy = await json(await t.api(owner.key, 'POST', `/boards/${boardId}/duplicate`));
    const copyId = copy.id as string;
    const read = await t.api(owner.key, 'GET', `/boards/${copyId}/assets/${shown}`);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(pngBytes(30, 20))).toBe(true);
    await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${copyId}/assets/${unused}`), 404, 'not_found');
  });

  test("a board deleted for good takes its images with it (the purge removes every stored chunk)", async () => {
    const basic = await t.createUser({ plan: 'basic' });
    const boardId = await createBoard(t, basic.key);
    const res = await upload(basic.key, boardId, pngBytes(20, 20, { padding: 300_000 }));
    expect(res.status).toBe(201);
    expect((await store.usage(boardId)).count).toBe(1);
    // Basic plan: a delete is permanent.
    expect((await t.api(basic.key, 'DELETE', `/boards/${boardId}`)).status).toBeLessThan(300);
    expect(await store.usage(boardId)).toEqual({ count: 0, bytes: 0 });
    const chunks = await t.server.services.db.collection<{ id: string; boardId: string }>({ name: 'asset_chunks' }).count({ boardId });
    expect(chunks).toBe(0);
  });
});

describe('the per-board cap', () => {
  test('an upload past 250 MiB of images on the board is refused with asset_quota_exceeded, and nothing is stored', async () => {
    const boardId = await createBoard(t, owner.key);
    // A stored image that counts 250 MiB: the cap is on the recorded sizes.
    await store.put({ boardId, assetId: 'ast_huge', contentType: 'image/png', bytes: 250 * 1024 * 1024, width: 1, height: 1, sha256: '00'.repeat(32), createdBy: owner.id, createdAt: 1 }, Buffer.from([1]));
    const refused = await expectEnvelope(await upload(owner.key, boardId, pngBytes(10, 10)), 409, 'asset_quota_exceeded');
    expect(refused.error).toMatchObject({ limit: { count: 500, bytes: 250 * 1024 * 1024 }, used: { count: 1, bytes: 250 * 1024 * 1024 } });
    expect((await store.usage(boardId)).count).toBe(1);
  });

  test('the 501st image of a board is refused with asset_quota_exceeded', async () => {
    const boardId = await createBoard(t, owner.key);
    for (let i = 0; i < 499; i++) {
      await store.put({ boardId, assetId: `ast_${i}`, contentType: 'image/gif', bytes: 1, width: 1, height: 1, sha256: '00'.repeat(32), createdBy: owner.id, createdAt: 1 }, Buffer.from([1]));
    }
    expect((await upload(owner.key, boardId, gifBytes, 'image/gif')).status).toBe(201);
    await expectEnvelope(await upload(owner.key, boardId, gifBytes, 'image/gif'), 409, 'asset_quota_exceeded');
    expect((await store.usage(boardId)).count).toBe(500);
  });
});

describe('assets in trash', () => {
  test('a board in trash keeps its images for those who may restore it; the retention sweep removes them with the board', async () => {
    const boardId = await createBoard(t, owner.key);
    const id = await uploaded(boardId);
    expect((await t.api(owner.key, 'DELETE', `/boards/${boardId}`)).status).toBeLessThan(300);
    expect((await t.api(owner.key, 'GET', `/boards/${boardId}/assets/${id}`)).status).toBe(200);
    t.clock.advance(31 * 24 * 3_600_000);
    expect((await t.server.services.trash.sweep()).boards).toBeGreaterThanOrEqual(1);
    expect(await store.usage(boardId)).toEqual({ count: 0, bytes: 0 });
  });
});

describe('retries', () => {
  test('an upload retried with the same Idempotency-Key answers the first answer and stores one image; other bytes under that key are refused', async () => {
    const boardId = await createBoard(t, owner.key);
    const bytes = pngBytes(12, 12);
    const first = await upload(owner.key, boardId, bytes, 'image/png', { 'Idempotency-Key': 'upload-1' });
    expect(first.status).toBe(201);
    const again = await upload(owner.key, boardId, bytes, 'image/png', { 'Idempotency-Key': 'upload-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(again)).id).toBe((await json(first)).id);
    await expectEnvelope(await upload(owner.key, boardId, pngBytes(13, 13), 'image/png', { 'Idempotency-Key': 'upload-1' }), 422, 'idempotency_key_reused');
    expect((await store.usage(boardId)).count).toBe(1);
  });
});
