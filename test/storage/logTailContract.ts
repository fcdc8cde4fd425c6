import { beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Database } from '../../storage/Database.js';
import type { LogTail } from '../../storage/DocumentStore.js';
import { recordingDoc } from './recordingDoc.js';


/** A tail's numbers and bytes, comparable with `toEqual`. */
function plain(tail: LogTail | null): { seqs: number[]; bytes: number[][]; lastSeq: number } | null {
  if (tail === null) return null;
  return { seqs: tail.updates.map((entry) => entry.seq), bytes: tail.updates.map((entry) => [...entry.update]), lastSeq: tail.lastSeq };
}

/**
 * `DocumentStore.readLogAfter`, part of the storage contract: the updates logged after a number,
 * with their numbers, and null once a compaction folded some of them into the snapshot.
 */
export function describeLogTailContract(getDb: () => Database): void {
  describe('document log read after a number', () => {
    let db: Database;

    beforeEach(() => {
      db = getDb();
    });

    it('gives the updates logged after the number, each with its number, in order', async () => {
      const { doc, take } = recordingDoc();
      const appended: Uint8Array[] = [];
      const seqs: number[] = [];
      for (const word of ['one', 'two', 'three', 'four']) {
        doc.getText('t').insert(0, word);
        const updates = take();
        appended.push(...updates);
        seqs.push(await db.documents.append('tail', updates));
      }
      expect(seqs).toEqual([1, 2, 3, 4]);
      expect(plain(await db.documents.readLogAfter('tail', 2))).toEqual({ seqs: [3, 4], bytes: appended.slice(2).map((u) => [...u]), lastSeq: 4 });
      expect(plain(await db.documents.readLogAfter('tail', 0))).toEqual({ seqs: [1, 2, 3, 4], bytes: appended.map((u) => [...u]), lastSeq: 4 });
      // Nothing after the last number, or past it: no updates, and the number asked for.
      expect(plain(await db.documents.readLogAfter('tail', 4))).toEqual({ seqs: [], bytes: [], lastSeq: 4 });
      expect(plain(await db.documents.readLogAfter('tail', 9))).toEqual({ seqs: [], bytes: [], lastSeq: 9 });
      expect(plain(await db.documents.readLogAfter('tail-unknown', 0))).toEqual({ seqs: [], bytes: [], lastSeq: 0 });
    });

    it('replays onto a copy up to the number into the whole document', async () => {
      const { doc, take } = recordingDoc();
      doc.getText('t').insert(0, 'abc');
      await db.documents.append('replay', take());
      const copy = new Y.Doc();
      const stored = await db.documents.load('replay');
      for (const update of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(copy, update);
      doc.getText('t').insert(3, 'def');
      doc.getMap('m').set('k', 1);
      await db.documents.append('replay', take());
      const tail = await db.documents.readLogAfter('replay', stored.lastSeq);
      expect(tail?.updates).toHaveLength(2);
      for (const { update } of tail?.updates ?? []) Y.applyUpdate(copy, update);
      expect(copy.getText('t').toString()).toBe('abcdef');
      expect(copy.getMap('m').toJSON()).toEqual({ k: 1 });
    });

    it('answers null once a compaction folded a number after the one asked for into the snapshot, and reads past a snapshot at or below it', async () => {
      const { doc, take } = recordingDoc();
      for (const word of ['a', 'b', 'c']) {
        doc.getText('t').insert(0, word);
        await db.documents.append('folded', take());
      }
      const snapshot = Y.encodeStateAsUpdate(doc);
      await db.documents.compact('folded', [snapshot], 3);
      doc.getText('t').insert(0, 'd');
      const fourth = take();
      expect(await db.documents.append('folded', fourth)).toBe(4);
      // A copy up to 1 or 2 lacks updates only the snapshot holds now.
      expect(await db.documents.readLogAfter('folded', 1)).toBeNull();
      expect(await db.documents.readLogAfter('folded', 2)).toBeNull();
      // A copy up to the snapshot's number or later lacks only what was logged after it.
      expect(plain(await db.documents.readLogAfter('folded', 3))).toEqual({ seqs: [4], bytes: fourth.map((u) => [...u]), lastSeq: 4 });
      expect(plain(await db.documents.readLogAfter('folded', 4))).toEqual({ seqs: [], bytes: [], lastSeq: 4 });
    });

    it('reads a log longer than one page whole, in order', async () => {
      const count = 2_100;
      const updates = Array.from({ length: count }, (_, i) => Uint8Array.of(i % 256, Math.floor(i / 256)));
      expect(await db.documents.append('long', updates)).toBe(count);
      const tail = await db.documents.readLogAfter('long', 50);
      expect(tail?.lastSeq).toBe(count);
      expect(tail?.updates.map((entry) => entry.seq)).toEqual(Array.from({ length: count - 50 }, (_, i) => i + 51));
      expect(tail?.updates.every((entry) => entry.update[0] === (entry.seq - 1) % 256 && entry.update[1] === Math.floor((entry.seq - 1) / 256))).toBe(true);
    });

    it('gives nothing of a document deleted after the number', async () => {
      const { doc, take } = recordingDoc();
      doc.getText('t').insert(0, 'gone');
      await db.documents.append('deleted', take());
      doc.getText('t').insert(0, 'soon ');
      await db.documents.append('deleted', take());
      await db.documents.delete('deleted');
      const tail = await db.documents.readLogAfter('deleted', 1);
      expect(tail === null || tail.updates.length === 0).toBe(true);
    });
  });
}
