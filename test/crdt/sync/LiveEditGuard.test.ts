import { afterEach, describe, expect, it } from 'vitest';
import type { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { patchItem } from '../../../crdt/index.js';
import { syncCloseCodes } from '../../../crdt/sync/closeCodes.js';
import type { SyncTestServer } from './syncTestServer.js';
import { startSyncServer } from './syncTestServer.js';

let server: SyncTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const board = 'b-live';

/** A stock client that records the close codes it receives. */
async function client(s: SyncTestServer, user: string): Promise<{ doc: Y.Doc; provider: WebsocketProvider; closes: number[] }> {
  const { doc, provider } = s.connect(board, user);
  const closes: number[] = [];
  provider.on('connection-close', (event: { code: number } | null) => {
    if (event !== null) closes.push(event.code);
  });
  // The stock client does not reconnect after 4400-4499.
  await new Promise<void>((resolve) => {
    if (provider.synced) resolve();
    else provider.once('sync', () => resolve());
  });
  return { doc, provider, closes };
}

/** Fields of a valid sticky note, as a browser would write them; `overrides` replace or add fields (`data` merges). */
function writeItem(doc: Y.Doc, id: string, overrides: Record<string, unknown> = {}): void {
  doc.transact(() => {
    const item = new Y.Map<unknown>();
    const { data: dataOverrides, ...fields } = overrides as { data?: Record<string, unknown> };
    const data = new Y.Map<unknown>();
    const dataFields: Record<string, unknown> = { text: new Y.Text('hello'), color: '#fff9b1', ...dataOverrides };
    for (const [key, value] of Object.entries(dataFields)) if (value !== undefined) data.set(key, value);
    const all: Record<string, unknown> = {
      type: 'sticky_note',
      x: 0,
      y: 0,
      width: 200,
      height: 200,
      rotation: 0,
      z: 'a0',
      data,
      createdBy: 'someone-else',
      createdAt: 1,
      updatedBy: 'someone-else',
      updatedAt: 1,
      ...fields,
    };
    for (const [key, value] of Object.entries(all)) if (value !== undefined) item.set(key, value);
    doc.getMap('items').set(id, item);
  });
}

function serverItem(s: SyncTestServer, id: string): Record<string, unknown> | undefined {
  return (serverDocs.get(s)?.getMap('items').get(id) as Y.Map<unknown> | undefined)?.toJSON();
}

const serverDocs = new Map<SyncTestServer, Y.Doc>();

async function setup(): Promise<SyncTestServer> {
  const s = await startSyncServer();
  server = s;
  serverDocs.set(s, await s.registry.open(board));
  return s;
}

describe('live edits are validated like REST writes (stock y-websocket clients)', () => {
  it('leaves a valid new item alone and stamps its author from the connection', async () => {
    const s = await setup();
    const ada = await client(s, 'ada');
    const bob = await client(s, 'bob');
    writeItem(ada.doc, 'itm_ok');
    await expect.poll(() => bob.doc.getMap('items').get('itm_ok') instanceof Y.Map).toBe(true);
    await expect.poll(() => serverItem(s, 'itm_ok')?.['createdBy']).toBe('ada');
    expect(serverItem(s, 'itm_ok')).toMatchObject({ updatedBy: 'ada', data: { text: 'hello', color: '#fff9b1' } });
    await expect.poll(() => (bob.doc.getMap('items').get('itm_ok') as Y.Map<unknown>).get('createdBy')).toBe('ada');
    // A later valid edit by the same person is not rewritten.
    ((ada.doc.getMap('items').get('itm_ok') as Y.Map<unknown>).get('data') as Y.Map<unknown>).set('color', '#ffffff');
    await expect.poll(() => (serverItem(s, 'itm_ok')?.['data'] as Record<string, unknown>)['color']).toBe('#ffffff');
    expect(ada.closes).toEqual([]);
    expect(ada.provider.wsconnected).toBe(true);
  });

  it('accepts a new item without the authorship fields and writes them from the connection', async () => {
    const s = await setup();
    const ada = await client(s, 'ada');
    const bob = await client(s, 'bob');
    writeItem(ada.doc, 'itm_bare', { createdBy: undefined, createdAt: undefined, updatedBy: undefined, updatedAt: undefined });
    await expect.poll(() => serverItem(s, 'itm_bare')?.['createdBy']).toBe('ada');
    expect(serverItem(s, 'itm_bare')).toMatchObject({ updatedBy: 'ada', createdAt: expect.any(Number), updatedAt: expect.any(Number) });
    await expect.poll(() => (bob.doc.getMap('items').get('itm_bare') as Y.Map<unknown> | undefined)?.get('updatedBy')).toBe('ada');
    expect(ada.closes).toEqual([]);
  });

  it('puts back the author of an existing item whose authorship fields a client deleted', async () => {
    const s = await setup();
    const ada = await client(s, 'ada');
    const bob = await client(s, 'bob');
    writeItem(ada.doc, 'itm_note');
    await expect.poll(() => (bob.doc.getMap('items').get('itm_note') as Y.Map<unknown> | undefined)?.get('createdBy')).toBe('ada');
    const note = bob.doc.getMap('items').get('itm_note') as Y.Map<unknown>;
    bob.doc.transact(() => {
      for (const key of ['createdBy', 'createdAt', 'updatedBy', 'updatedAt']) note.delete(key);
    });
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => serverItem(s, 'itm_note')).toMatchObject({ createdBy: 'ada', updatedBy: 'bob', data: { text: 'hello' } });
  });

  const invalid: [string, Record<string, unknown>][] = [
    ['a sticky note with a number as text', { data: { text: 42 } }],
    ['a connector to a missing item', { type: 'connector', width: 100, height: 1, data: { text: undefined, color: '#1a1a1a', from: 'itm_nowhere', to: 'itm_nothing' } }],
    ['an unknown type', { type: 'hologram' }],
    ['a giant field', { data: { text: new Y.Text('x'.repeat(100_000)) } }],
    ['a giant unknown field', { junk: 'x'.repeat(100_000) }],
  ];
  for (const [name, overrides] of invalid) {
    it(`removes ${name} at every client and closes the writer 4422`, async () => {
      const s = await setup();
      const ada = await client(s, 'ada');
      const bob = await client(s, 'bob');
      writeItem(ada.doc, 'itm_good');
      await expect.poll(() => bob.doc.getMap('items').has('itm_good')).toBe(true);
      writeItem(ada.doc, 'itm_bad', overrides);
      await expect.poll(() => ada.closes).toEqual([syncCloseCodes.invalidEdit]);
      await expect.poll(() => bob.doc.getMap('items').has('itm_bad')).toBe(false);
      expect(serverItem(s, 'itm_bad')).toBeUndefined();
      expect(serverItem(s, 'itm_good')).toBeDefined();
      expect(bob.closes).toEqual([]);
    });
  }

  it('puts back the last valid fields of an existing item that an edit broke', async () => {
    const s = await setup();
    const ada = await client(s, 'ada');
    const bob = await client(s, 'bob');
    writeItem(ada.doc, 'itm_note', { x: 10 });
    await expect.poll(() => serverItem(s, 'itm_note')?.['createdBy']).toBe('ada');
    await expect.poll(() => (bob.doc.getMap('items').get('itm_note') as Y.Map<unknown> | undefined)?.get('createdBy')).toBe('ada');
    const note = bob.doc.getMap('items').get('itm_note') as Y.Map<unknown>;
    bob.doc.transact(() => {
      note.set('x', 'far away');
      ((note.get('data') as Y.Map<unknown>).get('text') as Y.Text).insert(5, 'y'.repeat(7000));
    });
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => (ada.doc.getMap('items').get('itm_note') as Y.Map<unknown>).toJSON()).toMatchObject({ x: 10, data: { text: 'hello' } });
    expect(serverItem(s, 'itm_note')).toMatchObject({ x: 10, createdBy: 'ada', data: { text: 'hello' } });
    expect(ada.closes).toEqual([]);
  });

  it('keeps the author of an existing item when a client rewrites it', async () => {
    const s = await setup();
    const ada = await client(s, 'ada');
    const bob = await client(s, 'bob');
    writeItem(ada.doc, 'itm_note');
    await expect.poll(() => (bob.doc.getMap('items').get('itm_note') as Y.Map<unknown> | undefined)?.get('createdBy')).toBe('ada');
    (bob.doc.getMap('items').get('itm_note') as Y.Map<unknown>).set('createdBy', 'bob');
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    expect(serverItem(s, 'itm_note')).toMatchObject({ createdBy: 'ada', updatedBy: 'bob' });
  });

  it('removes a connector whose end a client deleted, without closing anyone', async () => {
    const s = await setup();
    const ada = await client(s, 'ada');
    writeItem(ada.doc, 'itm_a');
    writeItem(ada.doc, 'itm_b');
    writeItem(ada.doc, 'itm_link', { type: 'connector', width: 100, height: 1, data: { text: undefined, color: '#1a1a1a', from: 'itm_a', to: 'itm_b' } });
    await expect.poll(() => serverItem(s, 'itm_link')?.['createdBy']).toBe('ada');
    ada.doc.getMap('items').delete('itm_a');
    await expect.poll(() => ada.doc.getMap('items').has('itm_link')).toBe(false);
    expect(serverItem(s, 'itm_link')).toBeUndefined();
    expect(serverItem(s, 'itm_b')).toBeDefined();
    expect(ada.closes).toEqual([]);
  });

  it('attributes each item to the client that wrote it when several updates are applied in one turn', async () => {
    const s = await setup();
    const ada = await client(s, 'ada');
    const bob = await client(s, 'bob');
    // Both updates reach the server before it flushes the turn.
    writeItem(ada.doc, 'itm_ada');
    writeItem(bob.doc, 'itm_bob', { data: { text: 7 } });
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => serverItem(s, 'itm_ada')?.['createdBy']).toBe('ada');
    expect(serverItem(s, 'itm_bob')).toBeUndefined();
    expect(ada.closes).toEqual([]);
  });
});

/** A comment pin as a browser would write it. */
function writeComment(doc: Y.Doc, id: string, replies: Record<string, string>[] = []): void {
  writeItem(doc, id, { type: 'comment', width: 32, height: 32, data: { text: new Y.Text('Why?'), color: undefined, resolved: false, ...(replies.length > 0 ? { replies: Y.Array.from(replies) } : {}) } });
}

function liveItem(doc: Y.Doc, id: string): Y.Map<unknown> {
  return doc.getMap('items').get(id) as Y.Map<unknown>;
}

describe("live edits keep a comment's words to its author, as REST does", () => {
  async function withPin(): Promise<{ s: SyncTestServer; ada: Awaited<ReturnType<typeof client>>; bob: Awaited<ReturnType<typeof client>> }> {
    const s = await setup();
    const ada = await client(s, 'ada');
    const bob = await client(s, 'bob');
    writeComment(ada.doc, 'itm_pin');
    await expect.poll(() => serverItem(s, 'itm_pin')?.['createdBy']).toBe('ada');
    await expect.poll(() => liveItem(bob.doc, 'itm_pin')?.get('createdBy')).toBe('ada');
    return { s, ada, bob };
  }

  it("the author rewords their pin; another editor may move it but not reword it (4422, text put back)", async () => {
    const { s, ada, bob } = await withPin();
    ((liveItem(ada.doc, 'itm_pin').get('data') as Y.Map<unknown>).get('text') as Y.Text).insert(3, ' not');
    await expect.poll(() => (serverItem(s, 'itm_pin')?.['data'] as { text?: string } | undefined)?.text).toBe('Why not?');
    liveItem(bob.doc, 'itm_pin').set('x', 40);
    await expect.poll(() => serverItem(s, 'itm_pin')?.['x']).toBe(40);
    expect(bob.closes).toEqual([]);
    ((liveItem(bob.doc, 'itm_pin').get('data') as Y.Map<unknown>).get('text') as Y.Text).insert(0, 'Bob says: ');
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => (liveItem(ada.doc, 'itm_pin').toJSON() as { data: { text: string } }).data.text).toBe('Why not?');
    expect(serverItem(s, 'itm_pin')).toMatchObject({ x: 40, createdBy: 'ada', data: { text: 'Why not?' } });
    expect(ada.closes).toEqual([]);
  });

  it('replies written live are refused: on an existing pin they are put back, a new pin that comes with replies is removed', async () => {
    const { s, ada, bob } = await withPin();
    await s.registry.transact(board, (doc) => patchItem(doc, 'itm_pin', { reply: { text: 'Because.' } }, { actorId: 'ada' }, 1_000));
    await expect.poll(() => (liveItem(bob.doc, 'itm_pin').toJSON() as { data: { replies?: unknown[] } }).data.replies?.length).toBe(1);
    const replies = (liveItem(bob.doc, 'itm_pin').get('data') as Y.Map<unknown>).get('replies') as Y.Array<{ text: string }>;
    bob.doc.transact(() => {
      const [first] = replies.toArray();
      replies.delete(0, 1);
      replies.insert(0, [{ ...(first as { text: string }), text: 'Bob rewrote this' }]);
    });
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => (serverItem(s, 'itm_pin')?.['data'] as { replies: { text: string }[] }).replies.map((r) => r.text)).toEqual(['Because.']);

    const carol = await client(s, 'carol');
    writeComment(carol.doc, 'itm_forged', [{ id: 'rpl_1', text: 'I agree', authorId: 'ada', createdAt: '2026-01-01T00:00:00.000Z' }]);
    await expect.poll(() => carol.closes).toEqual([syncCloseCodes.invalidEdit]);
    expect(serverItem(s, 'itm_forged')).toBeUndefined();
    expect(ada.closes).toEqual([]);
  });
});

describe('a sync handshake is not an edit', () => {
  it('reports only connections whose updates changed the document', async () => {
    const s = await setup();
    const edits: string[] = [];
    s.hub.onEdit((boardId, userId) => edits.push(`${boardId}:${userId}`));
    await s.registry.transact(board, (doc) => doc.getMap('notes').set('stored', 1));
    const reader = await client(s, 'joiner');
    const writer = await client(s, 'writer');
    writeItem(writer.doc, 'itm_edit');
    await expect.poll(() => edits).toContain(`${board}:writer`);
    expect(edits.filter((edit) => edit.endsWith(':joiner'))).toEqual([]);
    expect(reader.closes).toEqual([]);
  });
});

describe('a locked item refuses live edits until it is unlocked (crdt/items/itemLock.ts)', () => {
  /** Ada writes a locked note; resolves once Bob has it. */
  async function lockedNote(s: SyncTestServer): Promise<{ ada: Awaited<ReturnType<typeof client>>; bob: Awaited<ReturnType<typeof client>> }> {
    const ada = await client(s, 'ada');
    const bob = await client(s, 'bob');
    writeItem(ada.doc, 'itm_locked', { locked: true, x: 10 });
    await expect.poll(() => (bob.doc.getMap('items').get('itm_locked') as Y.Map<unknown> | undefined)?.get('createdBy')).toBe('ada');
    return { ada, bob };
  }

  it('puts a live move of a locked item back at every client and closes the writer 4422', async () => {
    const s = await setup();
    const { ada, bob } = await lockedNote(s);
    (bob.doc.getMap('items').get('itm_locked') as Y.Map<unknown>).set('x', 500);
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => serverItem(s, 'itm_locked')?.['x']).toBe(10);
    await expect.poll(() => (ada.doc.getMap('items').get('itm_locked') as Y.Map<unknown>).get('x')).toBe(10);
    expect(serverItem(s, 'itm_locked')).toMatchObject({ locked: true, createdBy: 'ada' });
    expect(ada.closes).toEqual([]);
  });

  it('puts back a locked item a client deleted or restyled', async () => {
    const s = await setup();
    const { ada, bob } = await lockedNote(s);
    ((bob.doc.getMap('items').get('itm_locked') as Y.Map<unknown>).get('data') as Y.Map<unknown>).set('color', '#000000');
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => (serverItem(s, 'itm_locked')?.['data'] as Record<string, unknown>)['color']).toBe('#fff9b1');
    ada.doc.getMap('items').delete('itm_locked');
    await expect.poll(() => ada.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => serverItem(s, 'itm_locked')).toMatchObject({ locked: true, x: 10, data: { text: 'hello', color: '#fff9b1' } });
  });

  it('accepts unlocking together with a move, and locking live', async () => {
    const s = await setup();
    const { ada, bob } = await lockedNote(s);
    const note = bob.doc.getMap('items').get('itm_locked') as Y.Map<unknown>;
    bob.doc.transact(() => {
      note.delete('locked');
      note.set('x', 300);
    });
    await expect.poll(() => serverItem(s, 'itm_locked')?.['x']).toBe(300);
    expect(serverItem(s, 'itm_locked')?.['locked']).toBeUndefined();
    note.set('locked', true);
    await expect.poll(() => serverItem(s, 'itm_locked')?.['locked']).toBe(true);
    await expect.poll(() => (ada.doc.getMap('items').get('itm_locked') as Y.Map<unknown>).get('locked')).toBe(true);
    expect(bob.closes).toEqual([]);
    expect(ada.closes).toEqual([]);
  });

  /** A section (unlocked unless `sectionLocked`) at the origin, 800 × 500, holding Ada's locked note at (10, 0); Bob has both. */
  async function lockedInSection(s: SyncTestServer, sectionLocked = false): Promise<{ ada: Awaited<ReturnType<typeof client>>; bob: Awaited<ReturnType<typeof client>> }> {
    const parts = await lockedNote(s);
    writeItem(parts.ada.doc, 'itm_frame', { type: 'section', width: 800, height: 500, z: 'Zz', data: sectionData, locked: sectionLocked ? true : undefined });
    await expect.poll(() => (parts.bob.doc.getMap('items').get('itm_frame') as Y.Map<unknown> | undefined)?.get('createdBy')).toBe('ada');
    return parts;
  }

  const sectionData = { text: undefined, title: 'Frame', color: '#f4f4f4' };

  /** Moves `ids` on `doc` by (`dx`, `dy`) each, in one transaction. */
  function moveBy(doc: Y.Doc, moves: Record<string, [number, number]>): void {
    doc.transact(() => {
      for (const [id, [dx, dy]] of Object.entries(moves)) {
        const entry = doc.getMap('items').get(id) as Y.Map<unknown>;
        entry.set('x', (entry.get('x') as number) + dx);
        entry.set('y', (entry.get('y') as number) + dy);
      }
    });
  }

  it('lets a section that moves carry its locked note by the same offset, in the same change', async () => {
    const s = await setup();
    const { ada, bob } = await lockedInSection(s);
    moveBy(bob.doc, { itm_frame: [120, 60], itm_locked: [120.01, 60] });
    await expect.poll(() => (ada.doc.getMap('items').get('itm_locked') as Y.Map<unknown>).get('x')).toBeCloseTo(130.01, 5);
    expect(serverItem(s, 'itm_frame')).toMatchObject({ x: 120, y: 60 });
    expect(serverItem(s, 'itm_locked')).toMatchObject({ x: expect.closeTo(130.01, 5), y: 60, locked: true });
    expect(bob.closes).toEqual([]);
  });

  it('carries a locked note with a locked section that its own unlocked section carries', async () => {
    const s = await setup();
    const { ada, bob } = await lockedInSection(s, true);
    writeItem(ada.doc, 'itm_outer', { type: 'section', width: 2000, height: 2000, z: 'Zy', data: sectionData });
    await expect.poll(() => (bob.doc.getMap('items').get('itm_outer') as Y.Map<unknown> | undefined)?.get('createdBy')).toBe('ada');
    moveBy(bob.doc, { itm_outer: [-40, 30], itm_frame: [-40, 30], itm_locked: [-40, 30] });
    await expect.poll(() => serverItem(s, 'itm_locked')?.['x']).toBe(-30);
    expect(serverItem(s, 'itm_frame')).toMatchObject({ x: -40, y: 30, locked: true });
    expect(bob.closes).toEqual([]);
  });

  it('refuses a locked note moved by another offset than its section, or by a section it is not in', async () => {
    const s = await setup();
    const { ada, bob } = await lockedInSection(s);
    moveBy(bob.doc, { itm_frame: [120, 60], itm_locked: [200, 60] });
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => serverItem(s, 'itm_locked')).toMatchObject({ x: 10, y: 0 });
    expect(serverItem(s, 'itm_frame')).toMatchObject({ x: 120, y: 60 });
    // The section moves away alone (the note stays, now outside it); then both move by one offset: refused.
    moveBy(ada.doc, { itm_frame: [1000, 0] });
    await expect.poll(() => serverItem(s, 'itm_frame')).toMatchObject({ x: 1120, y: 60 });
    moveBy(ada.doc, { itm_frame: [10, 0], itm_locked: [10, 0] });
    await expect.poll(() => ada.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => serverItem(s, 'itm_locked')).toMatchObject({ x: 10, y: 0 });
    expect(serverItem(s, 'itm_frame')).toMatchObject({ x: 1130, y: 60 });
  });

  it('refuses a locked section that moves itself, and does not let it carry its locked note', async () => {
    const s = await setup();
    const { bob } = await lockedInSection(s, true);
    moveBy(bob.doc, { itm_frame: [50, 0], itm_locked: [50, 0] });
    await expect.poll(() => bob.closes).toEqual([syncCloseCodes.invalidEdit]);
    await expect.poll(() => serverItem(s, 'itm_frame')).toMatchObject({ x: 0, y: 0 });
    expect(serverItem(s, 'itm_locked')).toMatchObject({ x: 10, y: 0 });
  });
});
