import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { StoredDocument } from '../../storage/DocumentStore.js';
import type { MongoCollectionPort, MongoDbPort } from '../../storage/mongo/driverPort.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { MingoStandInDb } from './mingoStandIn.js';

// Several processes on one MongoDB database: each process is a MongoDatabase of its own (its
// own append chains, its own client), all on one database. Over the mingo stand-in every
// operation yields to the event loop first, so the stores' operations interleave at operation
// boundaries as they would between processes; against a real replica set when
// BOARDS_MONGODB_URL is set (the test runner's environment, not server configuration).
const url = process.env['BOARDS_MONGODB_URL'];

/** `count` stores on one fresh database, and a function that closes them all. */
type OpenStores = (count: number) => Promise<{ dbs: MongoDatabase[]; close: () => Promise<void> }>;

/** Replays a stored document into a fresh Y.Doc. */
function replay(stored: StoredDocument): Y.Doc {
  const doc = new Y.Doc();
  for (const part of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(doc, part);
  return doc;
}

/**
 * Cases the MongoDB store does not meet yet (docs/cluster.md "MongoDB as the shared store"):
 * over the stand-in they run as expected failures, so the fix that makes them pass must turn them
 * into plain tests; against a real server, where the interleaving is a matter of timing, they are skipped.
 */
type KnownGap = typeof it.fails | typeof it.skip;

function describeClusterSemantics(name: string, open: OpenStores, knownGap: KnownGap): void {
  describe(`several processes on one MongoDB database: ${name}`, () => {
    it('two processes appending to one document at once get unique, gap-free numbers and keep each writer’s order', async () => {
      const { dbs, close } = await open(2);
      try {
        const perWriter = 60;
        const write = async (db: MongoDatabase, writer: number): Promise<number[]> => {
          const seqs: number[] = [];
          // Some one at a time, some fired together: the store keeps call order within a process.
          for (let i = 0; i < perWriter; i += 3) {
            seqs.push(await db.documents.append('doc', [Uint8Array.of(writer, i)]));
            seqs.push(...(await Promise.all([db.documents.append('doc', [Uint8Array.of(writer, i + 1)]), db.documents.append('doc', [Uint8Array.of(writer, i + 2)])])));
          }
          return seqs;
        };
        const [one, two] = await Promise.all([write(dbs[0] as MongoDatabase, 1), write(dbs[1] as MongoDatabase, 2)]);
        for (const seqs of [one, two]) expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect([...one, ...two].sort((a, b) => a - b)).toEqual(Array.from({ length: 2 * perWriter }, (_, i) => i + 1));
        const stored = await (dbs[1] as MongoDatabase).documents.load('doc');
        expect(stored.lastSeq).toBe(2 * perWriter);
        expect(stored.updates).toHaveLength(2 * perWriter);
        for (const writer of [1, 2]) {
          const mine = stored.updates.filter((update) => update[0] === writer).map((update) => update[1]);
          expect(mine).toEqual(Array.from({ length: perWriter }, (_, i) => i));
        }
        // Each update sits at the number its append returned.
        one.forEach((seq, i) => expect([...(stored.updates[seq - 1] ?? [])]).toEqual([1, i]));
        two.forEach((seq, i) => expect([...(stored.updates[seq - 1] ?? [])]).toEqual([2, i]));
      } finally {
        await close();
      }
    });

    it('batches appended by two processes at once take contiguous ranges', async () => {
      const { dbs, close } = await open(2);
      try {
        const batch = (writer: number, size: number) => Array.from({ length: size }, (_, i) => Uint8Array.of(writer, i));
        const lasts = await Promise.all(
          Array.from({ length: 10 }, (_, round) => [
            (dbs[0] as MongoDatabase).documents.append('doc', batch(1, 1 + (round % 4))).then((last) => ({ writer: 1, last, size: 1 + (round % 4) })),
            (dbs[1] as MongoDatabase).documents.append('doc', batch(2, 4 - (round % 4))).then((last) => ({ writer: 2, last, size: 4 - (round % 4) })),
          ]).flat(),
        );
        const stored = await (dbs[0] as MongoDatabase).documents.load('doc');
        expect(stored.lastSeq).toBe(50);
        for (const { writer, last, size } of lasts) {
          const range = stored.updates.slice(last - size, last).map((update) => [...update]);
          expect(range).toEqual(batch(writer, size).map((update) => [...update]));
        }
      } finally {
        await close();
      }
    });

    it('compactions by one process while another appends lose no update', async () => {
      const { dbs, close } = await open(2);
      const [writer, compactor] = dbs as [MongoDatabase, MongoDatabase];
      try {
        const source = new Y.Doc();
        const pending: Uint8Array[] = [];
        source.on('update', (update: Uint8Array) => pending.push(update));
        const total = 120;
        let done = false;
        const writing = (async () => {
          for (let i = 0; i < total; i += 1) {
            source.getMap('m').set(`k${i}`, i);
            await writer.documents.append('doc', pending.splice(0));
          }
          done = true;
        })();
        let compactions = 0;
        do {
          const stored = await compactor.documents.load('doc');
          if (stored.lastSeq === 0) continue;
          await compactor.documents.compact('doc', [Y.encodeStateAsUpdate(replay(stored))], stored.lastSeq);
          compactions += 1;
        } while (!done);
        await writing;
        expect(compactions).toBeGreaterThan(1);
        const stored = await writer.documents.load('doc');
        expect(stored.snapshot).not.toBeNull();
        expect(stored.lastSeq).toBe(total);
        expect(replay(stored).getMap('m').toJSON()).toEqual(source.getMap('m').toJSON());
      } finally {
        await close();
      }
    });

    // An append reserves its numbers, then writes: another process's append can land in between, and a compaction up to it hides the first for good.
    knownGap('compactions by a third process while two processes append lose no update', async () => {
      const { dbs, close } = await open(3);
      const [first, second, compactor] = dbs as [MongoDatabase, MongoDatabase, MongoDatabase];
      try {
        const perWriter = 60;
        let writing = 2;
        const write = async (db: MongoDatabase, writer: number): Promise<void> => {
          for (let i = 0; i < perWriter; i += 1) await db.documents.append('doc', [Uint8Array.of(writer, i)]);
          writing -= 1;
        };
        const writers = Promise.all([write(first, 1), write(second, 2)]);
        // A compaction here folds the log into a "snapshot" holding the updates themselves.
        const folded = new Map<string, Uint8Array>();
        while (writing > 0) {
          const stored = await compactor.documents.load('doc');
          for (const part of [...(stored.snapshot ?? []), ...stored.updates]) folded.set(`${part[0]}:${part[1]}`, part);
          if (stored.lastSeq > 0) await compactor.documents.compact('doc', [...folded.values()], stored.lastSeq);
        }
        await writers;
        const stored = await first.documents.load('doc');
        expect(stored.lastSeq).toBe(2 * perWriter);
        const kept = new Set([...(stored.snapshot ?? []), ...stored.updates].map((part) => `${part[0]}:${part[1]}`));
        const missing = [1, 2].flatMap((writer) => Array.from({ length: perWriter }, (_, i) => `${writer}:${i}`)).filter((key) => !kept.has(key));
        expect(missing).toEqual([]);
      } finally {
        await close();
      }
    });

    it('a compaction of what one process read does not undo a newer compaction by another', async () => {
      const { dbs, close } = await open(2);
      const [one, two] = dbs as [MongoDatabase, MongoDatabase];
      try {
        const doc = new Y.Doc();
        doc.getText('t').insert(0, 'ab');
        await one.documents.append('doc', [Y.encodeStateAsUpdate(doc)]);
        const stale = await one.documents.load('doc');
        const staleState = Y.encodeStateAsUpdate(replay(stale));
        doc.getText('t').insert(2, 'cd');
        await two.documents.append('doc', [Y.encodeStateAsUpdate(doc)]);
        const fresh = await two.documents.load('doc');
        await two.documents.compact('doc', [Y.encodeStateAsUpdate(replay(fresh))], fresh.lastSeq);
        await one.documents.compact('doc', [staleState], stale.lastSeq);
        const stored = await one.documents.load('doc');
        expect(stored.lastSeq).toBe(fresh.lastSeq);
        expect(replay(stored).getText('t').toString()).toBe('abcd');
      } finally {
        await close();
      }
    });

    // The store keeps no mark of a delete (PostgreSQL keeps `deleted_seq`): a stale compaction stores its snapshot again.
    knownGap('a compaction of what was read before another process deleted the document does not bring it back', async () => {
      const { dbs, close } = await open(2);
      const [one, two] = dbs as [MongoDatabase, MongoDatabase];
      try {
        const doc = new Y.Doc();
        doc.getText('t').insert(0, 'gone');
        const seq = await one.documents.append('doc', [Y.encodeStateAsUpdate(doc)]);
        const read = await one.documents.load('doc');
        await two.documents.delete('doc');
        await one.documents.compact('doc', [Y.encodeStateAsUpdate(doc)], read.lastSeq);
        expect(await two.documents.load('doc')).toEqual({ snapshot: null, updates: [], lastSeq: 0 });
        // Numbers go on from before the delete, so a later compaction is told apart from a stale one.
        const again = await two.documents.append('doc', [Uint8Array.of(1)]);
        expect(again).toBeGreaterThan(seq);
        await one.documents.compact('doc', [Uint8Array.of(2)], again);
        expect(await two.documents.load('doc')).toEqual({ snapshot: [Uint8Array.of(2)], updates: [], lastSeq: again });
      } finally {
        await close();
      }
    });
  });
}

/**
 * One process's connection to the shared stand-in: its log writes reach the database after a
 * varying number of event-loop turns (a seeded sequence), as replies over a network arrive in
 * no fixed order between processes. Without it the stand-in serves calls first come first served.
 */
function processView(standIn: MingoStandInDb, seed: number): MongoDbPort {
  let state = seed;
  const turns = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % 8;
  };
  return {
    command: (command) => standIn.command(command),
    collection: (name) => {
      const collection = standIn.collection(name);
      if (name !== 'doc_updates') return collection;
      const delayed: MongoCollectionPort = {
        insertOne: (...args) => collection.insertOne(...args),
        insertMany: async (...args) => {
          for (let n = turns(); n > 0; n -= 1) await new Promise((resolve) => setImmediate(resolve));
          return collection.insertMany(...args);
        },
        replaceOne: (...args) => collection.replaceOne(...args),
        findOne: (...args) => collection.findOne(...args),
        find: (...args) => collection.find(...args),
        countDocuments: (...args) => collection.countDocuments(...args),
        findOneAndUpdate: (...args) => collection.findOneAndUpdate(...args),
        updateMany: (...args) => collection.updateMany(...args),
        deleteMany: (...args) => collection.deleteMany(...args),
        createIndex: (...args) => collection.createIndex(...args),
      };
      return delayed;
    },
  };
}

describeClusterSemantics('over the mingo stand-in (one in-memory database, an adapter per process)', async (count) => {
  const standIn = new MingoStandInDb();
  const dbs = Array.from({ length: count }, (_, i) => new MongoDatabase(processView(standIn, i + 1)));
  return { dbs, close: async () => void (await Promise.all(dbs.map((db) => db.close()))) };
}, it.fails);

if (url) {
  const databaseNames: string[] = [];

  afterAll(async () => {
    const client = await MongoClient.connect(url);
    try {
      for (const name of databaseNames) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  });

  describeClusterSemantics('real MongoDB (BOARDS_MONGODB_URL)', async (count) => {
    const name = `boards_test_${randomBytes(6).toString('hex')}`;
    databaseNames.push(name);
    const dbs = await Promise.all(Array.from({ length: count }, () => MongoDatabase.connect(url, name)));
    return { dbs, close: async () => void (await Promise.all(dbs.map((db) => db.close()))) };
  }, it.skip);
} else {
  describe.skip('several processes on one MongoDB database: real MongoDB — skipped because BOARDS_MONGODB_URL is not set', () => {
    it('runs against a real replica set when BOARDS_MONGODB_URL is set (docs/cluster.md)', () => undefined);
  });
}
