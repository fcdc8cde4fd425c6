import { Binary } from 'mongodb';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { MongoCursorPort } from '../../storage/mongo/driverPort.js';
import { majorityJournaled } from '../../storage/mongo/driverPort.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { describeStorageContract } from './contract.js';
import { MingoStandInDb } from './mingoStandIn.js';

// The mongodb adapter over the in-process mingo stand-in for the driver (not a MongoDB server).
describeStorageContract('mongodb adapter over the mingo stand-in', async () => new MongoDatabase(new MingoStandInDb()));

describe('mongodb adapter specifics (over the mingo stand-in)', () => {
  it('creates the indexes of every spec once: at start-up and for collections opened later', async () => {
    const standIn = new MingoStandInDb();
    const db = new MongoDatabase(standIn);
    db.collection({ name: 'users', indexes: [{ fields: ['email'], unique: true }, { fields: ['orgId', 'createdAt'] }] });
    await db.ensureIndexes();
    expect(standIn.collection('users').indexNames()).toEqual(['ux_email', 'ix_orgId_createdAt']);
    expect(standIn.collection('doc_updates').indexNames()).toEqual(['ux_docId_seq']);

    db.collection({ name: 'late', indexes: [{ fields: ['id', 'kind'] }] });
    db.collection({ name: 'late', indexes: [{ fields: ['ignored'] }] });
    await db.ensureIndexes();
    await db.ensureIndexes();
    expect(standIn.collection('late').indexNames()).toEqual(['ix__id_kind']);
    await db.close();
  });

  it('stores records with _id = id and updates as binary in doc_updates', async () => {
    const standIn = new MingoStandInDb();
    const db = new MongoDatabase(standIn);
    await db.collection<{ id: string; name: string }>({ name: 'users' }).insert({ id: 'u1', name: 'Ada' });
    expect(await standIn.collection('users').findOne({ _id: 'u1' })).toStrictEqual({ _id: 'u1', name: 'Ada' });

    const seq = await db.documents.append('d', [new Uint8Array([1, 2])]);
    const [entry] = await standIn.collection('doc_updates').find({ docId: 'd' }).toArray();
    expect(entry?.['seq']).toBe(seq);
    expect(entry?.['data']).toBeInstanceOf(Binary);
    await db.close();
  });

  it('loses nothing when a compaction stops between storing the snapshot and trimming the log', async () => {
    const standIn = new MingoStandInDb();
    const db = new MongoDatabase(standIn);
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => updates.push(u));
    doc.getText('t').insert(0, 'ab');
    doc.getText('t').insert(2, 'cd');
    const upTo = await db.documents.append('d', updates.splice(0));
    const snapshot = Y.encodeStateAsUpdate(doc);
    doc.getText('t').insert(4, 'ef');
    await db.documents.append('d', updates.splice(0));
    // The first step of compact only: the log still holds the updates the snapshot covers.
    await standIn
      .collection('doc_snapshots')
      .replaceOne(
        { _id: 'd' },
        { _id: 'd', seq: upTo, data: new Binary(snapshot) },
        { writeConcern: majorityJournaled, upsert: true },
      );

    const stored = await db.documents.load('d');
    expect(stored.updates).toHaveLength(1);
    expect(await db.documents.pendingUpdates('d')).toBe(1);
    const replayed = new Y.Doc();
    for (const part of stored.snapshot ?? []) Y.applyUpdate(replayed, part);
    for (const u of stored.updates) Y.applyUpdate(replayed, u);
    expect(replayed.getText('t').toString()).toBe('abcdef');
    await db.close();
  });

  it('imitates $text only with a text index, and refuses what it does not imitate', async () => {
    const entries = new MingoStandInDb().collection('entries');
    await entries.insertOne({ _id: 'a', text: 'Crème brûlée' }, { writeConcern: majorityJournaled });
    await expect(entries.find({ $text: { $search: 'creme' } }).toArray()).rejects.toMatchObject({ code: 27 });
    await entries.createIndex({ text: 'text' }, { writeConcern: majorityJournaled, name: 'tx_text', default_language: 'none' });
    const found = await entries.find({ $text: { $search: 'CREME other' } }, { projection: { score: { $meta: 'textScore' } } }).toArray();
    expect(found).toEqual([{ _id: 'a', text: 'Crème brûlée', score: 0.5 }]);
    expect(await entries.find({ $text: { $search: 'crem' } }).toArray()).toEqual([]);
    await expect(entries.find({ $text: { $search: '"creme brulee"' } }).toArray()).rejects.toBeInstanceOf(TypeError);
    await expect(entries.find({ $or: [{ $text: { $search: 'creme' } }] }).toArray()).rejects.toBeInstanceOf(TypeError);
    await expect(
      entries.createIndex({ other: 'text' }, { writeConcern: majorityJournaled, name: 'tx_other' }),
    ).rejects.toMatchObject({ code: 85 });
  });

  it('reports an unreachable server as storage_unavailable on ping', async () => {
    const standIn = new MingoStandInDb();
    standIn.command = async () => {
      throw new Error('connection refused');
    };
    await expect(new MongoDatabase(standIn).ping()).rejects.toMatchObject({ code: 'storage_unavailable' });
  });
});

describe('mongodb adapter: a long log, read a thousand updates per query (over the mingo stand-in)', () => {
  const update = (seq: number): Uint8Array => Uint8Array.of(seq % 256, Math.floor(seq / 256));

  /** A store holding `count` updates of document `d` (update n is `update(n)`, at seq n), and the pages its log queries answered. */
  async function storeWithLog(count: number, afterPage: (page: number, db: MongoDatabase) => Promise<void> = async () => undefined) {
    const standIn = new MingoStandInDb();
    const db = new MongoDatabase(standIn);
    for (let seq = 1; seq <= count; seq += 100) {
      await db.documents.append('d', Array.from({ length: Math.min(100, count - seq + 1) }, (_, i) => update(seq + i)));
    }
    const updates = standIn.collection('doc_updates');
    const find = updates.find.bind(updates);
    const pages: number[] = [];
    vi.spyOn(updates, 'find').mockImplementation((filter, options) => {
      const cursor = find(filter, options);
      const toArray = cursor.toArray.bind(cursor);
      const paged: MongoCursorPort = Object.assign(cursor, {
        toArray: async () => {
          const rows = await toArray();
          pages.push(rows.length);
          await afterPage(pages.length, db);
          return rows;
        },
      });
      return paged;
    });
    return { db, pages };
  }

  const seqs = (from: number, to: number): Uint8Array[] => Array.from({ length: to - from + 1 }, (_, i) => update(from + i));

  it('reads 2,500 updates as three queries of at most a thousand, in order', async () => {
    const { db, pages } = await storeWithLog(2500);
    const stored = await db.documents.load('d');
    expect(pages).toEqual([1000, 1000, 500]);
    expect(stored).toEqual({ snapshot: null, updates: seqs(1, 2500), lastSeq: 2500 });
    await db.close();
  });

  it('loses nothing to a compaction and an append between two queries', async () => {
    const snapshot = Uint8Array.of(7, 7, 7);
    const { db, pages } = await storeWithLog(2500, async (page, store) => {
      if (page !== 1) return;
      // Covers updates the first query read and updates it did not, and trims them from the log.
      await store.documents.compact('d', [snapshot], 1500);
      await store.documents.append('d', [update(2501)]);
    });
    const stored = await db.documents.load('d');
    expect(pages).toEqual([1000, 1000, 1]);
    expect(stored).toEqual({ snapshot: [snapshot], updates: seqs(1501, 2501), lastSeq: 2501 });
    await db.close();
  });

  it('loads a document deleted between two queries as empty, not as what was read before the delete', async () => {
    let deleted: Promise<void> | undefined;
    const { db } = await storeWithLog(2500, async (page, store) => {
      if (page === 1) await store.documents.compact('d', [Uint8Array.of(1)], 1000);
      if (page === 2) deleted = store.documents.delete('d');
    });
    const stored = await db.documents.load('d');
    await deleted;
    expect(deleted).toBeDefined();
    expect(stored).toEqual({ snapshot: null, updates: [], lastSeq: 0 });
    await db.close();
  });
});
