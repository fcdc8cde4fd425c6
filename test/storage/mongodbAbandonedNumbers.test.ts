import { describe, expect, it } from 'vitest';
import type { MongoCollectionPort, MongoDbPort } from '../../storage/mongo/driverPort.js';
import { majorityJournaled } from '../../storage/mongo/driverPort.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { abandonedAfterMs } from '../../storage/mongo/MongoDocumentStore.js';
import { MingoStandInDb } from './mingoStandIn.js';

// Sequence numbers reserved and never written (a writer that died or failed between reserving
// and writing), a writer slower than `abandonedAfterMs`, and a compaction racing a delete, on
// the MongoDB document store over the mingo stand-in. Each process is a MongoDatabase of its
// own on one stand-in; all share one clock the tests move.

/** A view of `standIn` whose collection `name` runs `before(method)` ahead of each call. */
function hooked(standIn: MingoStandInDb, name: string, before: (method: string) => Promise<void>): MongoDbPort {
  return {
    command: (command) => standIn.command(command),
    collection: (collectionName) => {
      const collection = standIn.collection(collectionName);
      if (collectionName !== name) return collection;
      const port: MongoCollectionPort = {
        insertOne: async (...args) => (await before('insertOne'), collection.insertOne(...args)),
        insertMany: async (...args) => (await before('insertMany'), collection.insertMany(...args)),
        replaceOne: async (...args) => (await before('replaceOne'), collection.replaceOne(...args)),
        findOne: async (...args) => (await before('findOne'), collection.findOne(...args)),
        find: (...args) => collection.find(...args),
        countDocuments: async (...args) => (await before('countDocuments'), collection.countDocuments(...args)),
        findOneAndUpdate: async (...args) => (await before('findOneAndUpdate'), collection.findOneAndUpdate(...args)),
        updateMany: async (...args) => (await before('updateMany'), collection.updateMany(...args)),
        deleteMany: async (...args) => (await before('deleteMany'), collection.deleteMany(...args)),
        createIndex: (...args) => collection.createIndex(...args),
      };
      return port;
    },
  };
}

const u = (n: number): Uint8Array => Uint8Array.of(n);

describe('mongodb document log: numbers reserved and not written (over the mingo stand-in)', () => {
  it('moves past a number whose writer died once it is older than abandonedAfterMs, and keeps its mark through compactions', async () => {
    let now = 1_000_000;
    const standIn = new MingoStandInDb();
    const db = new MongoDatabase(standIn, { now: () => now });
    // A writer that reserved number 1 and died before writing it.
    await standIn.collection('doc_meta').findOneAndUpdate({ _id: 'd' }, { $inc: { seq: 1 }, $set: { at: now } }, { writeConcern: majorityJournaled, returnDocument: 'after', upsert: true });
    expect(await db.documents.append('d', [u(2)])).toBe(2);
    // Number 1 may still be on its way: nothing after it is claimed.
    expect(await db.documents.load('d')).toEqual({ snapshot: null, updates: [], lastSeq: 0 });

    now += abandonedAfterMs + 1;
    expect(await db.documents.load('d')).toEqual({ snapshot: null, updates: [u(2)], lastSeq: 2 });
    expect(await standIn.collection('doc_updates').findOne({ docId: 'd', seq: 1 })).toMatchObject({ abandoned: true });

    await db.documents.compact('d', [u(2)], 2);
    expect(await db.documents.load('d')).toEqual({ snapshot: [u(2)], updates: [], lastSeq: 2 });
    expect(await db.documents.pendingUpdates('d')).toBe(0);
    // The mark outlives the trim, so a writer of number 1 that comes back still finds it taken.
    expect(await standIn.collection('doc_updates').countDocuments({ docId: 'd', seq: 1, abandoned: true })).toBe(1);
    await db.documents.delete('d');
    expect(await standIn.collection('doc_updates').countDocuments({ docId: 'd' })).toBe(0);
    await db.close();
  });

  it('reads the log after a number past one still being written: every update read, with its number, and the last number with none missing before it', async () => {
    let now = 1_000_000;
    const standIn = new MingoStandInDb();
    const db = new MongoDatabase(standIn, { now: () => now });
    expect(await db.documents.append('d', [u(1)])).toBe(1);
    // Another writer reserved number 2 and is still writing it.
    await standIn.collection('doc_meta').findOneAndUpdate({ _id: 'd' }, { $inc: { seq: 1 }, $set: { at: now } }, { writeConcern: majorityJournaled, returnDocument: 'after', upsert: true });
    expect(await db.documents.append('d', [u(3)])).toBe(3);
    expect(await db.documents.readLogAfter('d', 0)).toEqual({ updates: [{ seq: 1, update: u(1) }, { seq: 3, update: u(3) }], lastSeq: 1 });
    // Once number 2 is abandoned, nothing is missing up to 3.
    now += abandonedAfterMs + 1;
    expect(await db.documents.readLogAfter('d', 1)).toEqual({ updates: [{ seq: 3, update: u(3) }], lastSeq: 3 });
    await db.close();
  });

  it('a writer slower than abandonedAfterMs finds its number marked and appends its updates again', async () => {
    let now = 1_000_000;
    const standIn = new MingoStandInDb();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = true;
    const slowView = hooked(standIn, 'doc_updates', async (method) => {
      if (method === 'insertMany' && holding) {
        holding = false;
        await held;
      }
    });
    const slow = new MongoDatabase(slowView, { now: () => now });
    const other = new MongoDatabase(standIn, { now: () => now });

    const slowAppend = slow.documents.append('d', [u(1)]);
    await expect.poll(async () => (await other.documents.lastSeqs(['d'])).get('d')).toBe(1);
    expect(await other.documents.append('d', [u(2)])).toBe(2);
    now += abandonedAfterMs + 1;
    const read = await other.documents.load('d');
    expect(read).toEqual({ snapshot: null, updates: [u(2)], lastSeq: 2 });
    await other.documents.compact('d', [...read.updates], read.lastSeq);

    release();
    expect(await slowAppend).toBe(3);
    expect(await other.documents.load('d')).toEqual({ snapshot: [u(2)], updates: [u(1)], lastSeq: 3 });
    await Promise.all([slow.close(), other.close()]);
  });
});

describe('mongodb document log: a compaction racing a delete (over the mingo stand-in)', () => {
  it('a compaction that read the counter before another process deleted the document stores nothing that is read again', async () => {
    const standIn = new MingoStandInDb();
    let deleting: (() => Promise<void>) | undefined;
    // The compacting process reads the meta, then the other process deletes the document before it writes its snapshot.
    const compactorView = hooked(standIn, 'doc_snapshots', async (method) => {
      const run = deleting;
      if (method !== 'findOne' || run === undefined) return;
      deleting = undefined;
      await run();
    });
    const one = new MongoDatabase(compactorView);
    const two = new MongoDatabase(standIn);
    const seq = await one.documents.append('doc', [u(1)]);
    const read = await one.documents.load('doc');
    deleting = () => two.documents.delete('doc');
    await one.documents.compact('doc', [u(1)], read.lastSeq);
    expect(deleting).toBeUndefined();
    expect(await two.documents.load('doc')).toEqual({ snapshot: null, updates: [], lastSeq: 0 });
    expect(await standIn.collection('doc_snapshots').countDocuments({ _id: 'doc' })).toBe(0);
    // A new board under the same id starts afresh, its numbers going on from before the delete.
    await two.documents.compact('doc', [u(9)], 0);
    expect(await one.documents.load('doc')).toEqual({ snapshot: [u(9)], updates: [], lastSeq: seq });
    const again = await one.documents.append('doc', [u(2)]);
    expect(again).toBeGreaterThan(seq);
    expect(await two.documents.load('doc')).toEqual({ snapshot: [u(9)], updates: [u(2)], lastSeq: again });
    await Promise.all([one.close(), two.close()]);
  });
});
