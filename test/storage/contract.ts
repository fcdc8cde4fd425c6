import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Collection, CollectionSpec, Filter, StoredRecord } from '../../storage/Collection.js';
import type { Database } from '../../storage/Database.js';
import type { StoredDocument } from '../../storage/DocumentStore.js';
import { DuplicateKeyError } from '../../storage/errors.js';
import type { NotificationRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import type { ActivityRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { describeLogTailContract } from './logTailContract.js';
import { recordingDoc } from './recordingDoc.js';
import { describeSearchIndexContract } from './searchContract.js';

interface Thing extends StoredRecord {
  kind: string;
  n?: number | null;
  flag?: boolean | null;
  email?: string | null;
  name?: string;
  uses?: number;
}

const thingSpec: CollectionSpec = {
  name: 'things',
  indexes: [{ fields: ['email'], unique: true }, { fields: ['kind', 'n'] }],
};

/** Records the filter and sort tests run against; `n` and `flag` cover missing, null and each type. */
const fixture: Thing[] = [
  { id: 'a', kind: 'card', n: 1, flag: true, name: 'alpha' },
  { id: 'b', kind: 'card', n: 2, flag: false, name: 'beta' },
  { id: 'c', kind: 'note', n: null, name: 'gamma' },
  { id: 'd', kind: 'note', flag: true },
  { id: 'e', kind: 'card', n: 2, name: 'epsilon' },
  { id: 'f', kind: 'frame', n: 10, flag: false, name: 'Zeta' },
];

function textOf(doc: Y.Doc): unknown {
  return { text: doc.getText('t').toString(), map: doc.getMap('m').toJSON() };
}

/** Replays a loaded document into a fresh `Y.Doc`. */
function replay(stored: StoredDocument): Y.Doc {
  const doc = new Y.Doc();
  for (const part of stored.snapshot ?? []) Y.applyUpdate(doc, part);
  for (const update of stored.updates) Y.applyUpdate(doc, update);
  return doc;
}

/** A document of 40 texts of 30,000 characters, and its 40 updates (well over a megabyte). */
function largeDocument(): { doc: Y.Doc; take: () => Uint8Array[]; parts: Uint8Array[] } {
  const { doc, take } = recordingDoc();
  const text = doc.getText('t');
  const parts: Uint8Array[] = [];
  for (let i = 0; i < 40; i += 1) {
    text.insert(text.length, String.fromCharCode(97 + (i % 26)).repeat(30_000));
    parts.push(...take());
  }
  return { doc, take, parts };
}

/**
 * The storage contract: every adapter must pass it with identical results. `openDb` returns a
 * fresh, empty store for each test; the suite closes it.
 */
export function describeStorageContract(name: string, openDb: () => Promise<Database>): void {
  describe(`storage contract: ${name}`, () => {
    let db: Database;
    let things: Collection<Thing>;

    beforeEach(async () => {
      db = await openDb();
      things = db.collection<Thing>(thingSpec);
      await db.ensureIndexes();
    });

    afterEach(async () => {
      await db.close();
    });

    async function seed(): Promise<void> {
      for (const record of fixture) await things.insert(record);
    }

    async function ids(filter: Filter<Thing>): Promise<string[]> {
      const found = await things.find(filter);
      expect(await things.count(filter)).toBe(found.length);
      return found.map((t) => t.id).sort();
    }

    describe('records', () => {
      it('stores and returns a record with its field types, without storage fields', async () => {
        const record: Thing = { id: 'x1', kind: 'card', n: 1.5, flag: false, email: null, name: 'é 🎨' };
        await things.insert(record);
        const got = await things.get('x1');
        expect(got).toStrictEqual(record);
        expect(await things.get('missing')).toBeNull();
      });

      it('stores a shared-durability insert like any other, refusing a taken id the same way', async () => {
        await things.insert({ id: 's1', kind: 'card' }, { durability: 'shared' });
        await db.documents.sync();
        expect(await things.get('s1')).toStrictEqual({ id: 's1', kind: 'card' });
        await expect(things.insert({ id: 's1', kind: 'note' }, { durability: 'shared' })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await things.get('s1')).toStrictEqual({ id: 's1', kind: 'card' });
      });

      it('leaves out fields holding undefined', async () => {
        await things.insert({ id: 'u', kind: 'card', name: undefined } as unknown as Thing);
        expect(await things.get('u')).toStrictEqual({ id: 'u', kind: 'card' });
      });

      it('rejects a second record with the same id', async () => {
        await things.insert({ id: 'x', kind: 'card' });
        const error = await things.insert({ id: 'x', kind: 'note' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).code).toBe('duplicate_key');
        expect(await things.get('x')).toStrictEqual({ id: 'x', kind: 'card' });
      });

      it('rejects a record whose unique field is taken; records lacking the field never clash', async () => {
        await things.insert({ id: 'x', kind: 'card', email: 'a@example.com' });
        await expect(things.insert({ id: 'y', kind: 'card', email: 'a@example.com' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await things.insert({ id: 'y', kind: 'card', email: 'b@example.com' });
        await things.insert({ id: 'm1', kind: 'card' });
        await things.insert({ id: 'm2', kind: 'card' });
        expect(await things.count({})).toBe(4);
      });

      it('keeps one activity row per change key and one notification per person and change key; rows without a key never clash', async () => {
        const activity = db.collection<ActivityRecord>(boardCollections.activity);
        const notifications = db.collection<NotificationRecord>(accountCollections.notifications);
        await db.ensureIndexes();
        const row = (id: string, changeKey?: string): ActivityRecord => ({
          id,
          boardId: 'brd_1',
          actorId: 'usr_1',
          action: 'item.created',
          itemId: 'itm_1',
          data: {},
          createdAt: 1,
          ...(changeKey === undefined ? {} : { changeKey }),
        });
        await activity.insert(row('act_1', 'created/brd_1/itm_1/7.0'), { durability: 'shared' });
        await expect(activity.insert(row('act_2', 'created/brd_1/itm_1/7.0'), { durability: 'shared' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await activity.insert(row('act_3', 'created/brd_1/itm_2/7.1'));
        await activity.insert(row('act_4'));
        await activity.insert(row('act_5'));
        expect((await activity.find({}, { sort: [['id', 1]] })).map((r) => r.id)).toEqual(['act_1', 'act_3', 'act_4', 'act_5']);

        const note = (id: string, userId: string, changeKey?: string): NotificationRecord => ({
          id,
          userId,
          workspaceId: 'wsp_1',
          kind: 'mention',
          title: 'Mentioned',
          body: '',
          boardId: 'brd_1',
          itemId: 'itm_1',
          actorId: 'usr_0',
          createdAt: 1,
          readAt: null,
          ...(changeKey === undefined ? {} : { changeKey }),
        });
        const key = 'comment.created/brd_1/wev_1';
        await notifications.insert(note('ntf_1', 'usr_1', key));
        await expect(notifications.insert(note('ntf_2', 'usr_1', key))).rejects.toBeInstanceOf(DuplicateKeyError);
        await notifications.insert(note('ntf_3', 'usr_2', key));
        await notifications.insert(note('ntf_4', 'usr_1'));
        await notifications.insert(note('ntf_5', 'usr_1'));
        expect((await notifications.find({}, { sort: [['id', 1]] })).map((n) => n.id)).toEqual(['ntf_1', 'ntf_3', 'ntf_4', 'ntf_5']);
      });

      it('treats a stored null in a unique field as a value (only a missing field never clashes)', async () => {
        await things.insert({ id: 'x', kind: 'card', email: null });
        await expect(things.insert({ id: 'y', kind: 'card', email: null })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('put inserts or replaces the whole record', async () => {
        await things.put({ id: 'p', kind: 'card', n: 1, name: 'first' });
        await things.put({ id: 'p', kind: 'note', flag: true });
        expect(await things.get('p')).toStrictEqual({ id: 'p', kind: 'note', flag: true });
        expect(await things.count({})).toBe(1);
      });

      it('put rejects a unique field taken by another record and leaves both records intact', async () => {
        await things.insert({ id: 'x', kind: 'card', email: 'a@example.com' });
        await things.insert({ id: 'y', kind: 'card', email: 'b@example.com' });
        await expect(things.put({ id: 'y', kind: 'card', email: 'a@example.com' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        expect(await things.get('x')).toStrictEqual({ id: 'x', kind: 'card', email: 'a@example.com' });
        expect(await things.get('y')).toStrictEqual({ id: 'y', kind: 'card', email: 'b@example.com' });
        await things.put({ id: 'x', kind: 'note', email: 'a@example.com' });
        expect((await things.get('x'))?.kind).toBe('note');
      });
    });

    describe('filters', () => {
      beforeEach(seed);

      it('matches an empty filter to everything', async () => {
        expect(await ids({})).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      });

      it('matches strings, numbers and booleans by equality', async () => {
        expect(await ids({ kind: 'card' })).toEqual(['a', 'b', 'e']);
        expect(await ids({ n: 2 })).toEqual(['b', 'e']);
        expect(await ids({ flag: true })).toEqual(['a', 'd']);
        expect(await ids({ flag: false })).toEqual(['b', 'f']);
        expect(await ids({ kind: { $eq: 'note' } })).toEqual(['c', 'd']);
        expect(await ids({ id: 'c' })).toEqual(['c']);
        expect(await ids({ kind: 'card', n: 2 })).toEqual(['b', 'e']);
      });

      it('matches null to a null or missing field', async () => {
        expect(await ids({ n: null })).toEqual(['c', 'd']);
        expect(await ids({ n: { $eq: null } })).toEqual(['c', 'd']);
        expect(await ids({ flag: null })).toEqual(['c', 'e']);
      });

      it('$ne matches missing fields; $ne null means present and not null', async () => {
        expect(await ids({ n: { $ne: 2 } })).toEqual(['a', 'c', 'd', 'f']);
        expect(await ids({ flag: { $ne: false } })).toEqual(['a', 'c', 'd', 'e']);
        expect(await ids({ n: { $ne: null } })).toEqual(['a', 'b', 'e', 'f']);
      });

      it('$in and $nin, with null standing for missing', async () => {
        expect(await ids({ n: { $in: [1, 10] } })).toEqual(['a', 'f']);
        expect(await ids({ n: { $in: [1, null] } })).toEqual(['a', 'c', 'd']);
        expect(await ids({ n: { $in: [] } })).toEqual([]);
        expect(await ids({ id: { $in: ['a', 'f', 'zz'] } })).toEqual(['a', 'f']);
        expect(await ids({ n: { $nin: [2] } })).toEqual(['a', 'c', 'd', 'f']);
        expect(await ids({ n: { $nin: [2, null] } })).toEqual(['a', 'f']);
        expect(await ids({ n: { $nin: [] } })).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
        expect(await ids({ flag: { $in: [true] } })).toEqual(['a', 'd']);
      });

      it('compares numbers and strings; a missing or null field never compares', async () => {
        expect(await ids({ n: { $gt: 1 } })).toEqual(['b', 'e', 'f']);
        expect(await ids({ n: { $gte: 2 } })).toEqual(['b', 'e', 'f']);
        expect(await ids({ n: { $lt: 2 } })).toEqual(['a']);
        expect(await ids({ n: { $lte: 2 } })).toEqual(['a', 'b', 'e']);
        expect(await ids({ n: { $gt: 1, $lt: 10 } })).toEqual(['b', 'e']);
        expect(await ids({ name: { $gte: 'beta', $lt: 'gamma' } })).toEqual(['b', 'e']);
        // Binary order: upper case before lower case.
        expect(await ids({ name: { $lt: 'alpha' } })).toEqual(['f']);
        expect(await ids({ id: { $gt: 'd' } })).toEqual(['e', 'f']);
      });

      it('$exists: true means present and not null, false means missing or null', async () => {
        expect(await ids({ n: { $exists: true } })).toEqual(['a', 'b', 'e', 'f']);
        expect(await ids({ n: { $exists: false } })).toEqual(['c', 'd']);
        expect(await ids({ flag: { $exists: true }, n: { $exists: false } })).toEqual(['d']);
        expect(await ids({ n: { $exists: true, $ne: 2 } })).toEqual(['a', 'f']);
      });

      it('$or adds alternatives, combined with the other fields by and', async () => {
        expect(await ids({ $or: [{ kind: 'note' }, { n: 10 }] })).toEqual(['c', 'd', 'f']);
        expect(await ids({ kind: 'card', $or: [{ n: 1 }, { flag: null }] })).toEqual(['a', 'e']);
        expect(await ids({ $or: [{ kind: 'note', $or: [{ n: null }] }, { id: 'a' }] })).toEqual(['a', 'c', 'd']);
        expect(await ids({ $or: [] })).toEqual([]);
      });

      it('ignores fields and operators given as undefined', async () => {
        expect(await ids({ kind: undefined, n: { $gt: undefined, $lt: 2 } } as unknown as Filter<Thing>)).toEqual(['a']);
      });
    });

    describe('sort, limit, findOne', () => {
      beforeEach(seed);

      it('sorts ascending with missing/null first and ties broken by id', async () => {
        const found = await things.find({}, { sort: [['n', 1]] });
        expect(found.map((t) => t.id)).toEqual(['c', 'd', 'a', 'b', 'e', 'f']);
      });

      it('sorts descending with missing/null last and ties still broken by id ascending', async () => {
        const found = await things.find({}, { sort: [['n', -1]] });
        expect(found.map((t) => t.id)).toEqual(['f', 'b', 'e', 'a', 'c', 'd']);
      });

      it('sorts by several fields, most significant first, and by id when asked', async () => {
        const found = await things.find({ kind: 'card' }, { sort: [['n', -1], ['id', -1]] });
        expect(found.map((t) => t.id)).toEqual(['e', 'b', 'a']);
        const byKind = await things.find({}, { sort: [['kind', 1], ['flag', -1]] });
        expect(byKind.map((t) => t.id)).toEqual(['a', 'b', 'e', 'f', 'd', 'c']);
      });

      it('returns records in id order without a sort', async () => {
        const found = await things.find({ kind: { $in: ['card', 'frame'] } });
        expect(found.map((t) => t.id)).toEqual(['a', 'b', 'e', 'f']);
      });

      it('limits after sorting; limit 0 returns nothing', async () => {
        const found = await things.find({}, { sort: [['n', -1]], limit: 2 });
        expect(found.map((t) => t.id)).toEqual(['f', 'b']);
        expect(await things.find({}, { limit: 0 })).toEqual([]);
        expect(await things.find({}, { limit: 100 })).toHaveLength(6);
      });

      it('findOne returns the first match in sort order, or null', async () => {
        expect((await things.findOne({ kind: 'card' }))?.id).toBe('a');
        expect((await things.findOne({ kind: 'card' }, [['n', -1]]))?.id).toBe('b');
        expect(await things.findOne({ kind: 'nothing' })).toBeNull();
      });

      it('counts matches', async () => {
        expect(await things.count({})).toBe(6);
        expect(await things.count({ kind: 'card', flag: { $ne: true } })).toBe(2);
        expect(await things.count({ kind: 'nothing' })).toBe(0);
      });
    });

    describe('updates and deletes', () => {
      beforeEach(seed);

      it('updateOne applies $set, $inc and $unset and returns the updated record', async () => {
        const updated = await things.updateOne(
          { id: 'a' },
          { $set: { name: 'renamed', flag: false }, $inc: { n: 5, uses: 1 }, $unset: ['email', 'kind'] },
        );
        const expected = { id: 'a', n: 6, flag: false, name: 'renamed', uses: 1 };
        expect(updated).toStrictEqual(expected);
        expect(await things.get('a')).toStrictEqual(expected);
      });

      it('updateOne returns null when nothing matches and never changes the id', async () => {
        expect(await things.updateOne({ kind: 'nothing' }, { $set: { name: 'x' } })).toBeNull();
        const updated = await things.updateOne({ id: 'b' }, { $set: { id: 'zz', name: 'kept id' } });
        expect(updated?.id).toBe('b');
        expect(await things.get('zz')).toBeNull();
        expect(await things.updateOne({ id: 'c' }, {})).toStrictEqual(fixture[2]);
      });

      it('updateOne picks the matching record with the lowest id', async () => {
        const updated = await things.updateOne({ kind: 'card', n: 2 }, { $set: { name: 'first' } });
        expect(updated?.id).toBe('b');
      });

      it('updateOne rejects taking another record’s unique field and changes nothing', async () => {
        await things.updateOne({ id: 'a' }, { $set: { email: 'a@example.com' } });
        await expect(things.updateOne({ id: 'b' }, { $set: { email: 'a@example.com' } })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        expect((await things.get('b'))?.email).toBeUndefined();
      });

      it('updateOne is atomic: of 20 concurrent single-use consumes exactly one wins', async () => {
        await things.insert({ id: 'token', kind: 'token', n: null });
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            things.updateOne({ id: 'token', n: null }, { $set: { n: i + 1 }, $inc: { uses: 1 } }),
          ),
        );
        const winners = results.filter((r) => r !== null);
        expect(winners).toHaveLength(1);
        expect(await things.get('token')).toStrictEqual(winners[0]);
        expect(winners[0]?.uses).toBe(1);
      });

      it('updateOne $inc is atomic under concurrent calls', async () => {
        await Promise.all(Array.from({ length: 20 }, () => things.updateOne({ id: 'a' }, { $inc: { uses: 1 } })));
        expect((await things.get('a'))?.uses).toBe(20);
      });

      it('updateMany updates every match and returns how many matched', async () => {
        expect(await things.updateMany({ kind: 'card' }, { $set: { flag: true }, $inc: { uses: 2 } })).toBe(3);
        expect(await ids({ flag: true, uses: 2 })).toEqual(['a', 'b', 'e']);
        expect(await things.updateMany({ kind: 'nothing' }, { $set: { flag: true } })).toBe(0);
        expect(await things.updateMany({ kind: 'note' }, { $unset: ['flag'] })).toBe(2);
        expect(await ids({ kind: 'note', flag: { $exists: false } })).toEqual(['c', 'd']);
      });

      it('deleteMany deletes every match and returns how many', async () => {
        expect(await things.deleteMany({ kind: 'card', n: 2 })).toBe(2);
        expect(await ids({})).toEqual(['a', 'c', 'd', 'f']);
        expect(await things.deleteMany({ kind: 'nothing' })).toBe(0);
        expect(await things.deleteMany({})).toBe(4);
        expect(await things.count({})).toBe(0);
      });
    });

    describe('collections and lifecycle', () => {
      it('keeps collections apart and returns the same collection for the same spec', async () => {
        const others = db.collection<Thing>({ name: 'others' });
        await things.insert({ id: 'x', kind: 'card' });
        await others.insert({ id: 'x', kind: 'other' });
        expect((await others.get('x'))?.kind).toBe('other');
        expect((await things.get('x'))?.kind).toBe('card');
        expect(await db.collection<Thing>(thingSpec).get('x')).toStrictEqual({ id: 'x', kind: 'card' });
      });

      it('enforces unique indexes of a collection opened after start-up', async () => {
        const late = db.collection<Thing>({ name: 'late', indexes: [{ fields: ['email'], unique: true }] });
        await late.insert({ id: 'x', kind: 'card', email: 'a@example.com' });
        await expect(late.insert({ id: 'y', kind: 'card', email: 'a@example.com' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await db.ensureIndexes();
      });

      it('answers ping', async () => {
        await expect(db.ping()).resolves.toBeUndefined();
      });
    });

    describe('document log', () => {
      it('loads an unknown document as empty', async () => {
        expect(await db.documents.load('nope')).toStrictEqual({ snapshot: null, updates: [], lastSeq: 0 });
        expect(await db.documents.pendingUpdates('nope')).toBe(0);
      });

      it('keeps appended updates in order across calls and replays to the same document', async () => {
        const { doc, take } = recordingDoc();
        const seqs: number[] = [];
        doc.getText('t').insert(0, 'hello');
        seqs.push(await db.documents.append('d1', take()));
        doc.getText('t').insert(5, ' world');
        doc.getMap('m').set('k', 1);
        seqs.push(await db.documents.append('d1', take()));
        doc.getText('t').delete(0, 1);
        doc.getMap('m').set('k', 2);
        seqs.push(await db.documents.append('d1', take()));
        expect(seqs[0]).toBeLessThan(seqs[1] as number);
        expect(seqs[1]).toBeLessThan(seqs[2] as number);

        const stored = await db.documents.load('d1');
        expect(stored.snapshot).toBeNull();
        expect(stored.updates).toHaveLength(5);
        expect(stored.lastSeq).toBe(seqs[2]);
        expect(await db.documents.pendingUpdates('d1')).toBe(5);
        expect(textOf(replay(stored))).toEqual({ text: 'ello world', map: { k: 2 } });
        for (const update of stored.updates) expect(update).toBeInstanceOf(Uint8Array);
      });

      it('stores the update bytes exactly, in order', async () => {
        const updates = [new Uint8Array([1, 2, 3]), new Uint8Array([]), new Uint8Array([255, 0, 7])];
        const last = await db.documents.append('raw', updates);
        const stored = await db.documents.load('raw');
        expect(stored.updates.map((u) => [...u])).toEqual([[1, 2, 3], [], [255, 0, 7]]);
        expect(stored.lastSeq).toBe(last);
      });

      it('appending nothing stores nothing and returns the last sequence number', async () => {
        expect(await db.documents.append('none', [])).toBe(0);
        const last = await db.documents.append('none', [new Uint8Array([1])]);
        expect(await db.documents.append('none', [])).toBe(last);
        expect((await db.documents.load('none')).updates).toHaveLength(1);
      });

      it('keeps documents apart', async () => {
        const one = recordingDoc();
        const two = recordingDoc();
        one.doc.getText('t').insert(0, 'one');
        two.doc.getText('t').insert(0, 'two');
        await db.documents.append('one', one.take());
        await db.documents.append('two', two.take());
        expect(textOf(replay(await db.documents.load('one')))).toEqual({ text: 'one', map: {} });
        expect(textOf(replay(await db.documents.load('two')))).toEqual({ text: 'two', map: {} });
      });

      it('keeps every update of concurrent appends to one document', async () => {
        const { doc, take } = recordingDoc();
        const batches: Uint8Array[][] = [];
        for (let i = 0; i < 10; i++) {
          doc.getMap('m').set(`k${i}`, i);
          batches.push(take());
        }
        const seqs = await Promise.all(batches.map((batch) => db.documents.append('c', batch)));
        expect(new Set(seqs).size).toBe(10);
        const stored = await db.documents.load('c');
        expect(stored.updates).toHaveLength(10);
        expect(stored.lastSeq).toBe(Math.max(...seqs));
        expect(textOf(replay(stored))).toEqual(textOf(doc));
      });

      it('compacts: load gives the snapshot plus only the updates after it', async () => {
        const { doc, take } = recordingDoc();
        doc.getText('t').insert(0, 'abc');
        await db.documents.append('k', take());
        doc.getMap('m').set('x', 1);
        const upTo = await db.documents.append('k', take());

        const before = await db.documents.load('k');
        const snapshot = Y.encodeStateAsUpdate(replay(before));
        await db.documents.compact('k', [snapshot], before.lastSeq);
        expect(before.lastSeq).toBe(upTo);

        const compacted = await db.documents.load('k');
        expect(compacted.snapshot?.map((part) => [...part])).toEqual([[...snapshot]]);
        expect(compacted.updates).toEqual([]);
        expect(compacted.lastSeq).toBe(upTo);
        expect(await db.documents.pendingUpdates('k')).toBe(0);

        doc.getText('t').insert(3, 'def');
        const later = await db.documents.append('k', take());
        expect(later).toBeGreaterThan(upTo);
        const after = await db.documents.load('k');
        expect(after.updates).toHaveLength(1);
        expect(after.lastSeq).toBe(later);
        expect(await db.documents.pendingUpdates('k')).toBe(1);
        expect(textOf(replay(after))).toEqual(textOf(doc));
      });

      it('compacts up to a seq while later updates stay in the log', async () => {
        const { doc, take } = recordingDoc();
        doc.getText('t').insert(0, 'one');
        const first = await db.documents.append('p', take());
        const snapshot = Y.encodeStateAsUpdate(doc);
        doc.getText('t').insert(3, ' two');
        await db.documents.append('p', take());
        await db.documents.compact('p', [snapshot], first);
        const stored = await db.documents.load('p');
        expect(stored.updates).toHaveLength(1);
        expect(textOf(replay(stored))).toEqual({ text: 'one two', map: {} });
      });

      it('ignores a stale compaction that would overwrite a newer snapshot', async () => {
        const { doc, take } = recordingDoc();
        doc.getText('t').insert(0, 'a');
        const s1 = await db.documents.append('s', take());
        const oldSnapshot = Y.encodeStateAsUpdate(doc);
        doc.getText('t').insert(1, 'b');
        const s2 = await db.documents.append('s', take());
        const newSnapshot = Y.encodeStateAsUpdate(doc);

        await db.documents.compact('s', [newSnapshot], s2);
        await db.documents.compact('s', [oldSnapshot], s1);

        const stored = await db.documents.load('s');
        expect(stored.snapshot?.map((part) => [...part])).toEqual([[...newSnapshot]]);
        expect(stored.lastSeq).toBe(s2);
        expect(textOf(replay(stored))).toEqual({ text: 'ab', map: {} });
      });

      it('gives the last sequence number stored of several documents at once, through compactions, 0 for an unknown one', async () => {
        const { doc, take } = recordingDoc();
        doc.getText('t').insert(0, 'a');
        const first = await db.documents.append('seqs-a', take());
        doc.getText('t').insert(1, 'b');
        const second = await db.documents.append('seqs-a', take());
        await db.documents.compact('seqs-a', [Y.encodeStateAsUpdate(doc)], second);
        doc.getText('t').insert(2, 'c');
        const other = await db.documents.append('seqs-b', take());
        expect(second).toBe(first + 1);
        const seqs = await db.documents.lastSeqs(['seqs-a', 'seqs-b', 'seqs-none']);
        expect(Object.fromEntries(seqs)).toEqual({ 'seqs-a': second, 'seqs-b': other, 'seqs-none': 0 });
        expect((await db.documents.lastSeqs([])).size).toBe(0);
      });

      it('refuses a compaction under a lower fence than one it accepted, leaving the newer snapshot and the log', async () => {
        const { doc, take } = recordingDoc();
        doc.getText('t').insert(0, 'a');
        const s1 = await db.documents.append('fenced', take());
        const newer = Y.encodeStateAsUpdate(doc);
        await db.documents.compact('fenced', [newer], s1, 2);
        doc.getText('t').insert(1, 'b');
        const s2 = await db.documents.append('fenced', take());
        // A holder of an older lease that read the store later: its snapshot is of a later point, and still refused.
        const late = Y.encodeStateAsUpdate(doc);
        await expect(db.documents.compact('fenced', [late], s2, 1)).rejects.toMatchObject({ code: 'compaction_fenced' });

        const stored = await db.documents.load('fenced');
        expect(stored.snapshot?.map((part) => [...part])).toEqual([[...newer]]);
        expect(stored.updates).toHaveLength(1);
        expect(stored.lastSeq).toBe(s2);
        expect(textOf(replay(stored))).toEqual({ text: 'ab', map: {} });
        expect(await db.documents.pendingUpdates('fenced')).toBe(1);
      });

      it('accepts an equal or higher fence, and keeps the highest through a compaction without one', async () => {
        const { doc, take } = recordingDoc();
        doc.getText('t').insert(0, 'a');
        const s1 = await db.documents.append('fences', take());
        await db.documents.compact('fences', [Y.encodeStateAsUpdate(doc)], s1, 3);
        doc.getText('t').insert(1, 'b');
        const s2 = await db.documents.append('fences', take());
        await db.documents.compact('fences', [Y.encodeStateAsUpdate(doc)], s2, 3);
        doc.getText('t').insert(2, 'c');
        const s3 = await db.documents.append('fences', take());
        await db.documents.compact('fences', [Y.encodeStateAsUpdate(doc)], s3);
        expect((await db.documents.load('fences')).updates).toEqual([]);
        doc.getText('t').insert(3, 'd');
        const s4 = await db.documents.append('fences', take());
        await expect(db.documents.compact('fences', [Y.encodeStateAsUpdate(doc)], s4, 2)).rejects.toMatchObject({ code: 'compaction_fenced' });
        await db.documents.compact('fences', [Y.encodeStateAsUpdate(doc)], s4, 4);
        const stored = await db.documents.load('fences');
        expect(stored.updates).toEqual([]);
        expect(stored.lastSeq).toBe(s4);
        expect(textOf(replay(stored))).toEqual({ text: 'abcd', map: {} });
      });

      it('refuses a snapshot of many large parts under a lower fence, keeping the one stored', async () => {
        const { doc, parts } = largeDocument();
        const seq = await db.documents.append('big-fenced', parts);
        const whole = Y.encodeStateAsUpdate(doc);
        await db.documents.compact('big-fenced', [whole], seq, 5);
        await expect(db.documents.compact('big-fenced', parts, seq, 4)).rejects.toMatchObject({ code: 'compaction_fenced' });
        const stored = await db.documents.load('big-fenced');
        expect(stored.snapshot).toHaveLength(1);
        expect(replay(stored).getText('t').length).toBe(40 * 30_000);
      });

      it('stores a snapshot in parts and gives the parts back in order, exactly; a later whole one replaces them', async () => {
        const { doc, take } = recordingDoc();
        const parts: Uint8Array[] = [];
        let seq = 0;
        for (const word of ['one', ' two', ' three']) {
          doc.getText('t').insert(doc.getText('t').length, word);
          const updates = take();
          parts.push(...updates);
          seq = await db.documents.append('parts', updates);
        }
        await db.documents.compact('parts', parts, seq);
        const stored = await db.documents.load('parts');
        expect(stored.snapshot?.map((part) => [...part])).toEqual(parts.map((part) => [...part]));
        expect(stored.updates).toEqual([]);
        expect(textOf(replay(stored))).toEqual({ text: 'one two three', map: {} });

        doc.getMap('m').set('k', 1);
        const last = await db.documents.append('parts', take());
        const whole = Y.encodeStateAsUpdate(doc);
        await db.documents.compact('parts', [whole], last);
        expect((await db.documents.load('parts')).snapshot?.map((part) => [...part])).toEqual([[...whole]]);
        await expect(db.documents.compact('parts', [], last)).rejects.toThrow(/at least one part/);
        expect(textOf(replay(await db.documents.load('parts')))).toEqual({ text: 'one two three', map: { k: 1 } });
      });

      it('stores a snapshot of many large parts (over a megabyte) exactly, and a later one in its place', async () => {
        const { doc, take, parts } = largeDocument();
        const text = doc.getText('t');
        const seq = await db.documents.append('big', parts.slice(0, 3));
        await db.documents.compact('big', parts, seq);
        const stored = await db.documents.load('big');
        expect(stored.snapshot).toHaveLength(parts.length);
        expect(stored.snapshot?.every((part, i) => Buffer.from(part).equals(Buffer.from(parts[i] as Uint8Array)))).toBe(true);
        expect(stored.updates).toEqual([]);
        expect(stored.lastSeq).toBe(seq);
        expect(replay(stored).getText('t').length).toBe(40 * 30_000);

        text.delete(0, 10);
        const last = await db.documents.append('big', take());
        const again = [Y.encodeStateAsUpdate(doc), ...parts.slice(0, 20)];
        await db.documents.compact('big', again, last);
        const replaced = await db.documents.load('big');
        expect(replaced.snapshot).toHaveLength(again.length);
        expect(replaced.lastSeq).toBe(last);
        expect(replay(replaced).getText('t').toString()).toBe(text.toString());
      });

      it('deletes a document’s snapshot and log, leaving others alone', async () => {
        const { doc, take } = recordingDoc();
        doc.getText('t').insert(0, 'gone');
        const seq = await db.documents.append('gone', take());
        await db.documents.compact('gone', [Y.encodeStateAsUpdate(doc)], seq);
        doc.getText('t').insert(0, 'x');
        await db.documents.append('gone', take());
        await db.documents.append('kept', [Y.encodeStateAsUpdate(doc)]);

        await db.documents.delete('gone');
        const gone = await db.documents.load('gone');
        expect(gone.snapshot).toBeNull();
        expect(gone.updates).toEqual([]);
        expect(await db.documents.pendingUpdates('gone')).toBe(0);
        expect(textOf(replay(await db.documents.load('kept')))).toEqual({ text: 'xgone', map: {} });

        const again = await db.documents.append('gone', [Y.encodeStateAsUpdate(new Y.Doc())]);
        expect((await db.documents.load('gone')).lastSeq).toBe(again);
      });

      it('syncs with nothing written, and after writes without changing what is stored', async () => {
        await db.documents.sync();
        const { doc, take } = recordingDoc();
        doc.getText('t').insert(0, 'synced');
        const writes = [db.documents.append('sync', take()), db.documents.sync(), db.documents.sync()];
        await Promise.all(writes);
        await db.documents.sync();
        expect(textOf(replay(await db.documents.load('sync')))).toEqual({ text: 'synced', map: {} });
      });
    });

    describeLogTailContract(() => db);
    describeSearchIndexContract(() => db);
  });
}
