import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import * as Y from 'yjs';
import type { DocumentLease } from '../../../crdt/documents/DocumentLease.js';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import { ManagedDocument } from '../../../crdt/documents/ManagedDocument.js';
import { SnapshotBuilder } from '../../../crdt/documents/SnapshotBuilder.js';
import type { SplitState } from '../../../crdt/documents/snapshotWorker.js';
import { splitLoadAboveBytes, splitUpdate } from '../../../crdt/documents/splitUpdate.js';
import { SqliteDatabase } from '../../../storage/index.js';
import type { DocumentStore } from '../../../storage/index.js';
import { recordingLogger } from './fakeStores.js';

/** The compiled worker (the suites' global set-up builds `dist/`). */
const workerUrl = new URL('../../../dist/crdt/documents/snapshotWorker.js', import.meta.url);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Options of a `ManagedDocument` loaded directly; it never compacts in these tests. */
const loadOptions = {
  persistDelayMs: 0,
  maxBatchUpdates: 100,
  retryBaseMs: 10,
  retryMaxMs: 100,
  compactLogRatio: 0.5,
  compactMinLogBytes: 64 * 1024,
  compactAfterUpdates: 10_000,
  maxDocumentBytes: 64 * 1024 * 1024,
  loadMsPerTurn: 8,
  clock: { now: () => Date.now() },
  buildSnapshot: () => Promise.reject(new Error('not in this test')),
};

/** A board whose whole state is well over `splitLoadAboveBytes`: notes with text, some edited by a second client, some deleted. */
function largeBoard(): Y.Doc {
  const doc = new Y.Doc();
  const items = doc.getMap<Y.Map<unknown>>('items');
  for (let batch = 0; batch < 30; batch += 1) {
    doc.transact(() => {
      for (let i = 0; i < 100; i += 1) {
        const item = new Y.Map<unknown>();
        item.set('x', i);
        item.set('text', new Y.Text(`note ${batch}-${i} with some words to carry`));
        items.set(`n${batch}-${i}`, item);
      }
    });
  }
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  const otherItems = other.getMap<Y.Map<unknown>>('items');
  for (let i = 0; i < 100; i += 1) (otherItems.get(`n${i % 30}-${i}`)?.get('text') as Y.Text).insert(0, 'edited ');
  for (let i = 0; i < 50; i += 1) otherItems.delete(`n${i % 30}-${(i * 7) % 100}`);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)));
  return doc;
}

/** A large board, its state split into parts of 500 structs, and an in-memory store to put them in. */
function largeBoardParts(): { board: Y.Doc; parts: Uint8Array[]; db: SqliteDatabase } {
  const board = largeBoard();
  const parts = splitUpdate(Y.encodeStateAsUpdate(board), 500)?.parts ?? [];
  expect(parts.length).toBeGreaterThanOrEqual(5);
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  cleanups.push(() => db.close());
  return { board, parts, db };
}

/** A large board stored in parts, held by a registry with the snapshot process, and a spy on its folds for joining clients. */
async function leasedBoardInParts(): Promise<LeasedBoard> {
  const { db, parts } = largeBoardParts();
  await db.documents.compact('b', parts, 0);
  return leased(db);
}

/** A large board stored as a small snapshot and a log that outgrew it (a board stored between two compactions), held as `leasedBoardInParts`. */
async function leasedBoardWithLongLog(): Promise<LeasedBoard> {
  const { db, parts } = largeBoardParts();
  const [first, ...rest] = parts;
  await db.documents.compact('b', [first!], 0);
  await db.documents.append('b', rest);
  return leased(db);
}

type LeasedBoard = { db: SqliteDatabase; folds: MockInstance<SnapshotBuilder['encodeWhole']>; registry: DocumentRegistry; lease: DocumentLease };

/** Board `b` of `db` held by a registry with the snapshot process, and a spy on its folds for joining clients. */
async function leased(db: SqliteDatabase): Promise<LeasedBoard> {
  const folds = vi.spyOn(SnapshotBuilder.prototype, 'encodeWhole');
  cleanups.push(() => folds.mockRestore());
  const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: workerUrl });
  cleanups.push(() => registry.close());
  const lease = await registry.acquire('b');
  cleanups.push(() => lease.release());
  return { db, folds, registry, lease };
}

function contentOf(doc: Y.Doc): unknown {
  return doc.getMap('items').toJSON();
}

/** Counts event-loop turns while `work` runs. */
async function turnsDuring<T>(work: Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let done = false;
  const counting = (async () => {
    while (!done) {
      await nextTurn();
      turns += 1;
    }
  })();
  const value = await work;
  done = true;
  await counting;
  return { value, turns };
}

async function storedBoard(board: Y.Doc, logged: Uint8Array[] = []): Promise<{ db: SqliteDatabase; store: DocumentStore }> {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  cleanups.push(() => db.close());
  await db.documents.compact('b', [Y.encodeStateAsUpdate(board)], 0);
  if (logged.length > 0) await db.documents.append('b', logged);
  return { db, store: db.documents };
}

// The snapshot process runs at the lowest priority: on a busy machine its folds and splits wait for the cores.
describe('loading a large stored board', { timeout: 120_000 }, () => {
  it('applies its snapshot in parts across event-loop turns (with the worker), then its log, to the same document', async () => {
    const board = largeBoard();
    const snapshotBytes = Y.encodeStateAsUpdate(board).byteLength;
    expect(snapshotBytes).toBeGreaterThan(splitLoadAboveBytes);
    // An update logged after the snapshot.
    const later = new Y.Doc();
    Y.applyUpdate(later, Y.encodeStateAsUpdate(board));
    const logged: Uint8Array[] = [];
    later.on('update', (update: Uint8Array) => logged.push(update));
    (later.getMap<Y.Map<unknown>>('items').get('n29-99')?.get('text') as Y.Text).insert(0, 'logged ');
    const { store } = await storedBoard(board, logged);

    const split = new DocumentRegistry(store, { sweepIntervalMs: 0, snapshotWorkerUrl: workerUrl });
    cleanups.push(() => split.close());
    const { value: inParts, turns } = await turnsDuring(split.open('b'));
    expect(contentOf(inParts)).toEqual(contentOf(later));
    expect(inParts.store.pendingStructs).toBeNull();
    // 3,000 notes are over 10,000 structs: at least five parts of 2,000, a turn each.
    expect(turns).toBeGreaterThanOrEqual(5);

    // In-thread (no worker) the snapshot is applied whole: the same document.
    const whole = new DocumentRegistry(store, { sweepIntervalMs: 0, snapshotWorkerUrl: null });
    cleanups.push(() => whole.close());
    const loadedWhole = await whole.open('b');
    expect(Y.equalSnapshots(Y.snapshot(inParts), Y.snapshot(loadedWhole))).toBe(true);
    expect(contentOf(loadedWhole)).toEqual(contentOf(later));

    // The loaded board takes writes as any other, and they are stored.
    await split.transact('b', (doc) => doc.getMap('items').delete('n0-0'));
    const reread = new DocumentRegistry(store, { sweepIntervalMs: 0, snapshotWorkerUrl: null });
    cleanups.push(() => reread.close());
    expect((await reread.open('b')).getMap('items').has('n0-0')).toBe(false);
  });

  it('compaction in the worker stores a large snapshot in parts, which load a part per turn without splitting', async () => {
    const board = largeBoard();
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    // The whole state as one logged update: the first compaction folds it.
    await db.documents.append('b', [Y.encodeStateAsUpdate(board)]);
    const compacting = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: workerUrl, compactAfterUpdates: 2 });
    cleanups.push(() => compacting.close());
    await compacting.transact('b', (doc) => (doc.getMap<Y.Map<unknown>>('items').get('n29-99')?.get('text') as Y.Text).insert(0, 'logged '));
    await compacting.transact('b', (doc) => doc.getMap('items').delete('n0-0'));
    // The worker starts on first use: on a loaded machine that alone can take seconds.
    await expect.poll(async () => (await db.documents.load('b')).snapshot?.length ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    const expected = contentOf(await compacting.open('b'));
    await compacting.close();
    const stored = await db.documents.load('b');

    const splits: number[] = [];
    const logger = recordingLogger();
    const managed = await turnsDuring(
      ManagedDocument.load('b', stored, db.documents, logger, loadOptions, async (update) => {
        splits.push(update.byteLength);
        return null;
      }),
    );
    cleanups.push(() => managed.value.destroy());
    expect(splits).toEqual([]);
    expect(managed.turns).toBeGreaterThanOrEqual((stored.snapshot?.length ?? 0) - 1);
    expect(contentOf(managed.value.doc)).toEqual(expected);
    expect(managed.value.doc.store.pendingStructs).toBeNull();
    expect(logger.lines).toEqual([]);

    // Without a worker the stored parts load the same.
    const inThread = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: null });
    cleanups.push(() => inThread.close());
    expect(contentOf(await inThread.open('b'))).toEqual(expected);
  });

  it('stores a large new board whole at once, then in parts in the background; a delete meanwhile leaves nothing behind', async () => {
    const board = largeBoard();
    const state = Y.encodeStateAsUpdate(board);
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: workerUrl });
    cleanups.push(() => registry.close());
    await registry.create('copy', [state]);
    expect((await db.documents.load('copy')).snapshot).toHaveLength(1);
    // The worker starts on first use: on a loaded machine that alone can take seconds.
    await expect.poll(async () => (await db.documents.load('copy')).snapshot?.length ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    const fresh = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: null });
    cleanups.push(() => fresh.close());
    expect(contentOf(await fresh.open('copy'))).toEqual(contentOf(board));

    // Opened before its parts are stored: the load applies the same split, made once.
    const splits = vi.spyOn(SnapshotBuilder.prototype, 'split');
    cleanups.push(() => splits.mockRestore());
    await registry.create('opened', [state]);
    expect(contentOf(await registry.open('opened'))).toEqual(contentOf(board));
    expect(splits).toHaveBeenCalledTimes(1);
    await expect.poll(async () => (await db.documents.load('opened')).snapshot?.length ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);

    // Deleted before its parts are stored: they are not stored after it. The worker takes one
    // request at a time, so once a board created after it is in parts, its turn has passed.
    await registry.create('gone', [state]);
    await registry.delete('gone');
    await registry.create('after', [state]);
    await expect.poll(async () => (await db.documents.load('after')).snapshot?.length ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    expect(await db.documents.load('gone')).toEqual({ snapshot: null, updates: [], lastSeq: 0 });
    await registry.close();

    // A small board, or a registry without the worker, stores one part and nothing more.
    const inThread = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: null });
    cleanups.push(() => inThread.close());
    await inThread.create('plain', [state]);
    await inThread.create('empty');
    await inThread.close();
    expect((await db.documents.load('plain')).snapshot).toEqual([state]);
    expect((await db.documents.load('empty')).snapshot).toHaveLength(1);
  });

  it('copies a board from the state it keeps for joining clients, with what was read in the same turn, stored as a snapshot and its log', async () => {
    const board = largeBoard();
    const snapshot = Y.encodeStateAsUpdate(board);
    const writer = new Y.Doc();
    Y.applyUpdate(writer, snapshot);
    const updates: Uint8Array[] = [];
    writer.on('update', (u: Uint8Array) => updates.push(u));
    writer.getMap('items').set('logged', 'after the snapshot');
    const [update] = updates as [Uint8Array];
    const { db } = await storedBoard(board, [update]);
    Y.applyUpdate(board, update);
    const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: workerUrl });
    cleanups.push(() => registry.close());

    // The stored snapshot and the update logged after it, as stored: nothing encoded.
    const { state, read } = await registry.copyOf('b', contentOf);
    expect(state.map((u) => Buffer.from(u))).toEqual([Buffer.from(snapshot), Buffer.from(update)]);
    expect(read).toEqual(contentOf(board));

    // Stored as the original keeps it, the first update as the snapshot and the rest as its log:
    // nothing folded or encoded before the copy exists.
    await registry.create('copy', state);
    const stored = await db.documents.load('copy');
    expect(stored.snapshot?.map((u) => Buffer.from(u))).toEqual([Buffer.from(snapshot)]);
    expect(stored.updates.map((u) => Buffer.from(u))).toEqual([Buffer.from(update)]);
    // Then the snapshot is split in the background, as any large new board's, and the log kept after it.
    await expect.poll(async () => (await db.documents.load('copy')).snapshot?.length ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    expect((await db.documents.load('copy')).updates.map((u) => Buffer.from(u))).toEqual([Buffer.from(update)]);
    const fresh = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: null });
    cleanups.push(() => fresh.close());
    expect(contentOf(await fresh.open('copy'))).toEqual(read);

    // Without the worker: stored the same way, and the snapshot is left whole.
    await fresh.create('copy2', state);
    expect((await db.documents.load('copy2')).snapshot).toHaveLength(1);
    expect(contentOf(await fresh.open('copy2'))).toEqual(read);
  });

  it('a copy decodes the board a slice per turn first: an edit made meanwhile is in both its state and its read, and a delete meanwhile fails it', async () => {
    const board = largeBoard();
    const { db } = await storedBoard(board);
    // Decoding's budget of 0 ms: a turn between items, so edits land while the copy is under way.
    const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: null, loadMsPerTurn: 0 });
    cleanups.push(() => registry.close());
    await registry.open('b');
    const copying = registry.copyOf('b', contentOf);
    await nextTurn();
    await registry.transact('b', (doc) => doc.getMap('items').set('added', 'while the copy decoded'));
    const { state, read } = await copying;
    expect(read).toMatchObject({ added: 'while the copy decoded' });
    const copy = new Y.Doc();
    for (const update of state) Y.applyUpdate(copy, update);
    expect(contentOf(copy)).toEqual(read);

    const deleted = registry.copyOf('b', contentOf);
    await nextTurn();
    await registry.delete('b');
    await expect(deleted).rejects.toMatchObject({ code: 'document_deleted' });
  });

  it('a board stored in parts is folded whole in the snapshot process for clients that join with nothing; the updates since are folded in again there', async () => {
    const { db, folds, registry, lease } = await leasedBoardInParts();
    const foldOf = async (call: number): Promise<Uint8Array | null> => (await folds.mock.results[call]?.value) as Uint8Array | null;
    // Shortly after the load, unless a client joined meanwhile (below).
    await expect.poll(() => folds.mock.calls.length, { timeout: 15_000 }).toBe(1);
    const whole = await foldOf(0);
    expect(whole).not.toBeNull();
    const joinedWith = (state: readonly Uint8Array[]): unknown => {
      const joined = new Y.Doc();
      for (const update of state) Y.applyUpdate(joined, update);
      return contentOf(joined);
    };

    // A client joining now gets the folded state (not one encode made now, which would come alone), then the write.
    await registry.transact('b', (doc) => doc.getMap('items').set('added', 'by a write'));
    const state = lease.encodedState();
    expect(state).toHaveLength(2);
    expect(state[0]).toBe(whole);
    expect(joinedWith(state)).toEqual(contentOf(lease.doc));
    // That join asked for the write to be folded in, for the clients that join next, once the board has a pause.
    expect(folds).toHaveBeenCalledTimes(1);
    await expect.poll(() => folds.mock.calls.length, { timeout: 15_000 }).toBe(2);
    const refolded = await foldOf(1);
    expect(refolded).not.toBeNull();
    expect(lease.encodedState()).toEqual([refolded]);
    expect(joinedWith([refolded as Uint8Array])).toEqual(contentOf(lease.doc));

    // Writes alone fold nothing; the next join does, and writes made while it runs follow the new base.
    for (let i = 0; i < 20; i += 1) await registry.transact('b', (doc) => doc.getMap('items').set(`added${i}`, i));
    expect(folds).toHaveBeenCalledTimes(2);
    expect(lease.encodedState()).toHaveLength(21);
    // Not while the board is being edited: at its first pause of 250 ms.
    for (let i = 0; i < 8; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      await registry.transact('b', (doc) => doc.getMap('items').set(`during${i}`, i));
    }
    expect(folds).toHaveBeenCalledTimes(2);
    await expect.poll(() => folds.mock.calls.length, { timeout: 15_000 }).toBe(3);
    await registry.transact('b', (doc) => doc.getMap('items').set('meanwhile', true));
    const third = await foldOf(2);
    const later = lease.encodedState();
    expect(later[0]).toBe(third);
    expect(later).toHaveLength(2);
    expect(joinedWith(later)).toEqual(contentOf(lease.doc));

    // A client joining right after the load is sent the parts and the log as loaded (nothing
    // encoded on the event loop), and so are the next ones: the fold after the load is not made
    // (the join would have had to wait for it). A copy then has them folded.
    const joinedAtOnce = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: workerUrl });
    cleanups.push(() => joinedAtOnce.close());
    // (The join above asked for one more fold of the first registry's board, at its next pause.)
    await expect.poll(() => folds.mock.calls.length, { timeout: 15_000 }).toBe(4);
    const before = folds.mock.calls.length;
    const stored = await db.documents.load('b');
    const atOnce = await joinedAtOnce.acquire('b');
    cleanups.push(() => atOnce.release());
    const asLoaded = atOnce.encodedState();
    expect(asLoaded).toEqual([...(stored.snapshot ?? []), ...stored.updates]);
    expect(asLoaded.length).toBeGreaterThan(1);
    expect(joinedWith(asLoaded)).toEqual(contentOf(atOnce.doc));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(folds.mock.calls.length).toBe(before);
    expect(atOnce.encodedState()).toBe(asLoaded);
    const copied = await joinedAtOnce.copyOf('b', contentOf);
    expect(folds.mock.calls.length).toBe(before + 1);
    expect(copied.state).toEqual([await foldOf(before)]);
    expect(joinedWith(copied.state)).toEqual(contentOf(atOnce.doc));

    // Without a worker nothing is folded: the first client to join has the document encoded.
    const inThread = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: null });
    cleanups.push(() => inThread.close());
    const plain = await inThread.acquire('b');
    cleanups.push(() => plain.release());
    expect(plain.encodedState()).toHaveLength(1);
  });

  it.each([
    ['its snapshot stored in parts', 'parts'],
    ['a log that outgrew its snapshot', 'log'],
  ])('a copy right after the load of a large board (%s) has it folded in the snapshot process at once, not encoded on the event loop', async (_, stored) => {
    const { folds, registry, lease } = stored === 'parts' ? await leasedBoardInParts() : await leasedBoardWithLongLog();
    // The wait for the fold after the load starts once the load is done: it has not run out.
    expect(folds).not.toHaveBeenCalled();
    const { state, read } = await registry.copyOf('b', contentOf);
    expect(folds).toHaveBeenCalledTimes(1);
    const whole = (await folds.mock.results[0]?.value) as Uint8Array;
    expect(whole).toBeInstanceOf(Uint8Array);
    expect(state).toEqual([whole]);
    expect(state[0]).toBe(whole);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, whole);
    expect(contentOf(copy)).toEqual(read);
    expect(read).toEqual(contentOf(lease.doc));
    // The fold due after the load is that one: not run again.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(folds).toHaveBeenCalledTimes(1);
    expect(lease.encodedState()[0]).toBe(whole);
  });

  it('folds the state as loaded with the updates since when they outgrow half of it, after a join that took it as loaded', async () => {
    const { db, folds, registry, lease } = await leasedBoardInParts();
    const stored = await db.documents.load('b');
    const loadedBytes = [...(stored.snapshot ?? []), ...stored.updates].reduce((sum, update) => sum + update.byteLength, 0);
    expect(lease.encodedState().length).toBeGreaterThan(1);
    // Four writes of an eighth of it each: past half of it with the fourth.
    for (let i = 0; i < 4; i += 1) await registry.transact('b', (doc) => doc.getMap('items').set(`big${i}`, 'x'.repeat(Math.ceil(loadedBytes / 8) + 10)));
    await expect.poll(() => folds.mock.calls.length, { timeout: 15_000 }).toBe(1);
    expect(folds.mock.calls[0]?.[0].snapshot).toEqual(stored.snapshot);
    const folded = (await folds.mock.results[0]?.value) as Uint8Array;
    await nextTurn();
    const state = lease.encodedState();
    expect(state[0]).toBe(folded);
    const joined = new Y.Doc();
    for (const update of state) Y.applyUpdate(joined, update);
    expect(contentOf(joined)).toEqual(contentOf(lease.doc));
  });

  it('folds a large board\'s updates since at once when they outgrow half its base, so no join or copy encodes it on the event loop', async () => {
    const { folds, registry, lease } = await leasedBoardInParts();
    await expect.poll(() => folds.mock.calls.length, { timeout: 15_000 }).toBe(1);
    const base = (await folds.mock.results[0]?.value) as Uint8Array;
    await nextTurn();
    expect(lease.encodedState()).toEqual([base]);

    // One write of more than half the base: folded with it now, no join needed.
    await registry.transact('b', (doc) => doc.getMap('items').set('large', 'x'.repeat(base.byteLength)));
    expect(folds).toHaveBeenCalledTimes(2);
    // Writes made while it is folded follow the new base.
    await registry.transact('b', (doc) => doc.getMap('items').set('during', true));
    expect(lease.encodedState()).toHaveLength(3);
    const refolded = (await folds.mock.results[1]?.value) as Uint8Array;
    await nextTurn();
    const state = lease.encodedState();
    expect(state[0]).toBe(refolded);
    expect(state).toHaveLength(2);
    const joined = new Y.Doc();
    for (const update of state) Y.applyUpdate(joined, update);
    expect(contentOf(joined)).toEqual(contentOf(lease.doc));
  });

  it('loads stored parts given out of order to the same document, and fails on a part that does not apply', async () => {
    const { board, db, parts } = largeBoardParts();
    await db.documents.compact('b', [...parts].reverse(), 0);
    const logger = recordingLogger();
    const reversed = await ManagedDocument.load('b', await db.documents.load('b'), db.documents, logger, loadOptions);
    cleanups.push(() => reversed.destroy());
    expect(contentOf(reversed.doc)).toEqual(contentOf(board));
    expect(Y.equalSnapshots(Y.snapshot(reversed.doc), Y.snapshot(board))).toBe(true);

    // A part cut short: the load fails instead of giving a board that the next compaction would store without it.
    await db.documents.compact('b', [parts[0]!, (parts[1] as Uint8Array).subarray(0, 10), ...parts.slice(2)], 0);
    await expect(ManagedDocument.load('b', await db.documents.load('b'), db.documents, logger, loadOptions)).rejects.toThrow();
  });

  it('applies a long log a slice of updates per event-loop turn, skipping one that does not apply', async () => {
    const source = new Y.Doc();
    const logged: Uint8Array[] = [];
    source.on('update', (update: Uint8Array) => logged.push(update));
    for (let batch = 0; batch < 200; batch += 1) {
      source.transact(() => {
        for (let i = 0; i < 50; i += 1) source.getMap('items').set(`n${batch}-${i}`, new Y.Text(`logged note ${batch} ${i}`));
      });
    }
    logged.splice(100, 0, new Uint8Array([0, 1, 2, 250, 250]));
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    cleanups.push(() => db.close());
    await db.documents.append('b', logged);
    const logger = recordingLogger();
    // No time per turn: each update in a turn of its own.
    const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0, snapshotWorkerUrl: null, logger, loadMsPerTurn: 0 });
    cleanups.push(() => registry.close());
    const { value: doc, turns } = await turnsDuring(registry.open('b'));
    expect(contentOf(doc)).toEqual(contentOf(source));
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([{ level: 'error', message: 'Skipped a stored update that does not apply' }]);
    expect(turns).toBeGreaterThanOrEqual(200);
  });

  describe('falls back to the whole snapshot, logged, when the parts are not right', () => {
    const cases: [string, (whole: NonNullable<SplitState>) => Promise<SplitState>, string][] = [
      ['a part missing', async (whole) => ({ ...whole, parts: [...whole.parts.slice(0, 1), ...whole.parts.slice(2)] }), 'error'],
      ['a part that does not decode', async (whole) => ({ ...whole, parts: [whole.parts[0] as Uint8Array, new Uint8Array([1, 2, 3, 250, 250, 250]), ...whole.parts.slice(1)] }), 'error'],
      [
        'the splitter failing',
        async () => {
          throw new Error('worker gone');
        },
        'warn',
      ],
    ];
    it.each(cases)('%s', async (_name, spoil, level) => {
      const board = largeBoard();
      const { db } = await storedBoard(board);
      const stored = await db.documents.load('b');
      const whole = splitUpdate(stored.snapshot?.[0] as Uint8Array);
      expect(whole).not.toBeNull();
      const logger = recordingLogger();
      const managed = await ManagedDocument.load('b', stored, db.documents, logger, loadOptions, () => spoil(whole as NonNullable<SplitState>));
      cleanups.push(() => managed.destroy());
      expect(contentOf(managed.doc)).toEqual(contentOf(board));
      expect(Y.equalSnapshots(Y.snapshot(managed.doc), Y.snapshot(board))).toBe(true);
      expect(logger.lines.map((line) => line.level)).toEqual([level]);
    });
  });
});
