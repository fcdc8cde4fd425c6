import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AssetStore } from '../../storage/index.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';
import { createBoard } from '../content/helpers.js';
import { pngBytes } from './images.js';

let t: TestServer;
let owner: TestUser;
let store: AssetStore;

beforeAll(async () => {
  t = await startTestServer();
  owner = await t.createUser({ plan: 'pro' });
  store = new AssetStore(t.server.services.db);
});
afterAll(() => t.stop());

async function uploaded(key: string, boardId: string, bytes: Uint8Array = pngBytes(40, 30)): Promise<string> {
  const res = await fetch(`${t.baseUrl}/boards/${boardId}/assets`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'image/png' }, body: bytes });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

function copy(key: string, boardId: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return t.api(key, 'POST', `/boards/${boardId}/assets/copy`, body, headers);
}

async function share(boardId: string, person: TestUser, role: string): Promise<void> {
  expect((await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: person.email, role })).status).toBeLessThan(300);
}

describe('POST /boards/{boardId}/assets/copy', () => {
  test('copies an image of another board under the same id: the target serves the same bytes under that id', async () => {
    const source = await createBoard(t, owner.key);
    const target = await createBoard(t, owner.key);
    const bytes = pngBytes(64, 48);
    const assetId = await uploaded(owner.key, source, bytes);
    const res = await copy(owner.key, target, { sourceBoardId: source, assetId });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ id: assetId, boardId: target, contentType: 'image/png', bytes: bytes.byteLength, width: 64, height: 48, createdAt: expect.any(String) });
    const read = await t.api(owner.key, 'GET', `/boards/${target}/assets/${assetId}`);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await store.usage(target)).count).toBe(1);
    // The source keeps its own.
    expect((await t.api(owner.key, 'GET', `/boards/${source}/assets/${assetId}`)).status).toBe(200);
  });

  test('a retry, an earlier copy or two copies at once answer the one stored image (200 after the first 201)', async () => {
    const source = await createBoard(t, owner.key);
    const target = await createBoard(t, owner.key);
    const assetId = await uploaded(owner.key, source);
    const first = await copy(owner.key, target, { sourceBoardId: source, assetId });
    expect(first.status).toBe(201);
    const again = await copy(owner.key, target, { sourceBoardId: source, assetId });
    expect(again.status).toBe(200);
    expect((await json(again)).id).toBe(assetId);
    const keyed = await copy(owner.key, target, { sourceBoardId: source, assetId }, { 'Idempotency-Key': 'copy-1' });
    const replayed = await copy(owner.key, target, { sourceBoardId: source, assetId }, { 'Idempotency-Key': 'copy-1' });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(replayed)).id).toBe((await json(keyed)).id);
    const racing = await createBoard(t, owner.key);
    const both = await Promise.all([copy(owner.key, racing, { sourceBoardId: source, assetId }), copy(owner.key, racing, { sourceBoardId: source, assetId })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect((await store.usage(target)).count).toBe(1);
    expect((await store.usage(racing)).count).toBe(1);
  });

  test('an editor of the target who may only view the source copies; who cannot read the source, or edit the target, is refused and nothing is stored', async () => {
    const source = await createBoard(t, owner.key);
    const target = await createBoard(t, owner.key);
    const assetId = await uploaded(owner.key, source);
    const viewerThere = await t.createUser({ plan: 'pro' });
    const stranger = await t.createUser({ plan: 'pro' });
    const viewerHere = await t.createUser({ plan: 'pro' });
    await share(source, viewerThere, 'viewer');
    await share(target, viewerThere, 'editor');
    await share(target, stranger, 'editor');
    await share(source, viewerHere, 'editor');
    await share(target, viewerHere, 'viewer');
    await expectEnvelope(await copy(stranger.key, target, { sourceBoardId: source, assetId }), 404, 'not_found');
    await expectEnvelope(await copy(viewerHere.key, target, { sourceBoardId: source, assetId }), 403, 'forbidden');
    expect(await store.usage(target)).toEqual({ count: 0, bytes: 0 });
    expect((await copy(viewerThere.key, target, { sourceBoardId: source, assetId })).status).toBe(201);
  });

  test('a locked target takes copies from admins and owners only', async () => {
    const source = await createBoard(t, owner.key);
    const target = await createBoard(t, owner.key);
    const assetId = await uploaded(owner.key, source);
    const editor = await t.createUser({ plan: 'pro' });
    await share(source, editor, 'viewer');
    await share(target, editor, 'editor');
    expect((await t.api(owner.key, 'PATCH', `/boards/${target}`, { locked: true })).status).toBe(200);
    await expectEnvelope(await copy(editor.key, target, { sourceBoardId: source, assetId }), 403, 'forbidden');
    expect(await store.usage(target)).toEqual({ count: 0, bytes: 0 });
  });

  test('bad input is refused with the error envelope and nothing is stored', async () => {
    const source = await createBoard(t, owner.key);
    const target = await createBoard(t, owner.key);
    const assetId = await uploaded(owner.key, source);
    const otherAsset = await uploaded(owner.key, await createBoard(t, owner.key));
    await expectEnvelope(await copy(owner.key, target, { sourceBoardId: source, assetId: 'ast_unknown' }), 404, 'not_found');
    // An id of another board's image is unknown on this source, as on GET.
    await expectEnvelope(await copy(owner.key, target, { sourceBoardId: source, assetId: otherAsset }), 404, 'not_found');
    await expectEnvelope(await copy(owner.key, target, { sourceBoardId: 'brd_unknown', assetId }), 404, 'not_found');
    await expectEnvelope(await copy(owner.key, 'brd_unknown', { sourceBoardId: source, assetId }), 404, 'not_found');
    for (const body of [
      {},
      { sourceBoardId: source },
      { assetId },
      { sourceBoardId: source, assetId: 'img_1' },
      { sourceBoardId: source, assetId: '' },
      { sourceBoardId: '../boards', assetId },
      { sourceBoardId: 'b'.repeat(101), assetId },
      { sourceBoardId: 42, assetId },
      { sourceBoardId: source, assetId, extra: true },
      [],
    ]) {
      await expectEnvelope(await copy(owner.key, target, body), 422, 'validation_failed');
    }
    expect(await store.usage(target)).toEqual({ count: 0, bytes: 0 });
  });

  test('a credential needs boards:write for the target and boards:read for the source (403 insufficient_scope naming it)', async () => {
    const writeOnly = await t.createUser({ plan: 'pro', scopes: 'boards:write' });
    const source = await createBoard(t, writeOnly.key);
    const target = await createBoard(t, writeOnly.key);
    const assetId = await uploaded(writeOnly.key, source);
    const refused = await expectEnvelope(await copy(writeOnly.key, target, { sourceBoardId: source, assetId }), 403, 'insufficient_scope');
    expect(refused.error).toMatchObject({ requiredScope: 'boards:read' });
    expect(await store.usage(target)).toEqual({ count: 0, bytes: 0 });
    const readOnly = await t.createUser({ plan: 'pro', scopes: 'boards:read' });
    const ownSource = await createBoard(t, owner.key);
    const ownTarget = await createBoard(t, owner.key);
    const ownAsset = await uploaded(owner.key, ownSource);
    await share(ownSource, readOnly, 'editor');
    await share(ownTarget, readOnly, 'editor');
    const noWrite = await expectEnvelope(await copy(readOnly.key, ownTarget, { sourceBoardId: ownSource, assetId: ownAsset }), 403, 'insufficient_scope');
    expect(noWrite.error).toMatchObject({ requiredScope: 'boards:write' });
    expect(await store.usage(ownTarget)).toEqual({ count: 0, bytes: 0 });
  });

  test('a target in trash takes no copy (409 trashed); a source in trash is still read by who may restore it', async () => {
    const source = await createBoard(t, owner.key);
    const target = await createBoard(t, owner.key);
    const assetId = await uploaded(owner.key, source);
    expect((await t.api(owner.key, 'DELETE', `/boards/${target}`)).status).toBeLessThan(300);
    await expectEnvelope(await copy(owner.key, target, { sourceBoardId: source, assetId }), 409, 'trashed');
    expect(await store.usage(target)).toEqual({ count: 0, bytes: 0 });
    const live = await createBoard(t, owner.key);
    expect((await t.api(owner.key, 'DELETE', `/boards/${source}`)).status).toBeLessThan(300);
    expect((await copy(owner.key, live, { sourceBoardId: source, assetId })).status).toBe(201);
  });

  test('the per-board cap counts a copy as an upload (409 asset_quota_exceeded), and nothing is stored', async () => {
    const source = await createBoard(t, owner.key);
    const target = await createBoard(t, owner.key);
    const assetId = await uploaded(owner.key, source);
    await store.put({ boardId: target, assetId: 'ast_huge', contentType: 'image/png', bytes: 250 * 1024 * 1024, width: 1, height: 1, sha256: '00'.repeat(32), createdBy: owner.id, createdAt: 1 }, Buffer.from([1]));
    const refused = await expectEnvelope(await copy(owner.key, target, { sourceBoardId: source, assetId }), 409, 'asset_quota_exceeded');
    expect(refused.error).toMatchObject({ limit: { count: 500, bytes: 250 * 1024 * 1024 }, used: { count: 1, bytes: 250 * 1024 * 1024 } });
    expect((await store.usage(target)).count).toBe(1);
    await expectEnvelope(await t.api(owner.key, 'GET', `/boards/${target}/assets/${assetId}`), 404, 'not_found');
  });

  test('stored bytes that are no image are not copied (422 invalid_image)', async () => {
    const source = await createBoard(t, owner.key);
    const target = await createBoard(t, owner.key);
    await store.put({ boardId: source, assetId: 'ast_words', contentType: 'image/png', bytes: 5, width: 1, height: 1, sha256: '00'.repeat(32), createdBy: owner.id, createdAt: 1 }, Buffer.from('words'));
    await expectEnvelope(await copy(owner.key, target, { sourceBoardId: source, assetId: 'ast_words' }), 422, 'invalid_image');
    expect(await store.usage(target)).toEqual({ count: 0, bytes: 0 });
  });
});
