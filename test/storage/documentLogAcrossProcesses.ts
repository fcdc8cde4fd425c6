import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Database } from '../../storage/Database.js';
import type { StoredDocument } from '../../storage/DocumentStore.js';

/** `count` stores on one fresh database, and a function that closes them all. */
export type OpenStores = (count: number) => Promise<{ dbs: Database[]; close: () => Promise<void> }>;

/** Replays a stored document into a fresh Y.Doc. */
function replay(stored: StoredDocument): Y.Doc {
  const doc = new Y.Doc();
  for (const part of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(doc, part);
  return doc;
}

/**
 * How a store runs the cases it does not meet yet: `it` where it meets them all; `it.fails` where
 * the interleaving is under the test's control (the fix that makes them pass must turn them into
 * plain tests); `it.skip` where it is a matter of timing.
 */
export type KnownGap = typeof it | typeof it.fails | typeof it.skip;

/**
 * The document log shared by several processes, each a store of its own on one database:
 * concurrent appends, compactions while others append, stale compactions.
 */
export function describeDocumentLogAcrossProcesses(name: string, open: OpenStores, knownGap: KnownGap): void {
  describe(`document log across processes: ${name}`, () => {
    it('two processes appending to one document at once get unique, gap-free numbers and keep each writer’s order', async () => {
      const { dbs, close } = await open(2);
      try {
        const perWriter = 60;
        const write = async (db: Database, writer: number): Promise<number[]> => {
          const seqs: number[] = [];
          // Some one at a time, some fired together: the store keeps call order within a process.
          for (let i = 0; i < perWriter; i += 3) {
            seqs.push(await db.documents.append('doc', [Uint8Array.of(writer, i)]));
            seqs.push(...(await Promise.all([db.documents.append('doc', [Uint8Array.of(writer, i + 1)]), db.documents.append('doc', [Uint8Array.of(writer, i + 2)])])));
          }
          return seqs;
        };
        const [one, two] = await Promise.all([write(dbs[0] as Database, 1), write(dbs[1] as Database, 2)]);
        for (const seqs of [one, two]) expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect([...one, ...two].sort((a, b) => a - b)).toEqual(Array.from({ length: 2 * perWriter }, (_, i) => i + 1));
        const stored = await (dbs[1] as Database).documents.load('doc');
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
            (dbs[0] as Database).documents.append('doc', batch(1, 1 + (round % 4))).then((last) => ({ writer: 1, last, size: 1 + (round % 4) })),
            (dbs[1] as Database).documents.append('doc', batch(2, 4 - (round % 4))).then((last) => ({ writer: 2, last, size: 4 - (round % 4) })),
          ]).flat(),
        );
        const stored = await (dbs[0] as Database).documents.load('doc');
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
      const [writer, compactor] = dbs as [Database, Database];
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

    // A store whose append reserves its numbers, then writes, lets another process's append land in between, and a compaction up to it hides the first for good.
    knownGap('compactions by a third process while two processes append lose no update', async () => {
      const { dbs, close } = await open(3);
      const [first, second, compactor] = dbs as [Database, Database, Database];
      try {
        const perWriter = 60;
        let writing = 2;
        const write = async (db: Database, writer: number): Promise<void> => {
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
      const [one, two] = dbs as [Database, Database];
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

    // A store that keeps no mark of a delete stores the stale compaction's snapshot again.
    knownGap('a compaction of what was read before another process deleted the document does not bring it back', async () => {
      const { dbs, close } = await open(2);
      const [one, two] = dbs as [Database, Database];
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
