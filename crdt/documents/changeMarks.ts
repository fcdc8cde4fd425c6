import * as Y from 'yjs';
import type { DocumentStore } from '../../storage/index.js';

/**
 * Where one transaction's change is in a document, by the CRDT's own struct ids: its first new
 * struct, or, for a transaction that only deleted, its first deleted struct. A copy of the
 * document built from the store holds the change exactly when it holds that struct (updates of one
 * client apply in order, so a later one never stands in for a missing one) or, for a deletion,
 * when that struct is deleted there.
 */
export interface ChangeMark {
  readonly client: number;
  readonly clock: number;
  /** The transaction only deleted: the mark is a deleted struct. */
  readonly deletion: boolean;
}

/**
 * Inside a `doc.transact` callback: runs `fn` once the transaction is over and cleaned up (its
 * structs merged as every copy merges them), before its update is handed to the document's
 * `update` listeners, so before the update is stored. `fn` is given the transaction's mark, or null
 * when the transaction changed nothing.
 */
export function afterChange(doc: Y.Doc, fn: (mark: ChangeMark | null) => void): void {
  doc.once('afterTransactionCleanup', (transaction: Y.Transaction) => fn(markOf(transaction, doc.clientID)));
}

function markOf(transaction: Y.Transaction, client: number): ChangeMark | null {
  const before = transaction.beforeState.get(client) ?? 0;
  const after = transaction.afterState.get(client) ?? 0;
  if (after > before) return { client, clock: before, deletion: false };
  for (const [deletedClient, ranges] of transaction.deleteSet.clients) {
    const first = ranges[0];
    if (first !== undefined) return { client: deletedClient, clock: first.clock, deletion: true };
  }
  return null;
}

/** Whether `doc` holds the change of `mark` (see `ChangeMark`). */
export function holdsChange(doc: Y.Doc, mark: ChangeMark): boolean {
  if (!mark.deletion) return Y.getState(doc.store, mark.client) > mark.clock;
  if (Y.getState(doc.store, mark.client) <= mark.clock) return false;
  return Y.isDeleted(Y.createDeleteSetFromStructStore(doc.store), Y.createID(mark.client, mark.clock));
}

/**
 * Which of `marks` the stored document `docId` holds, read from the store itself (snapshot and
 * log), not from a copy in memory that may lag behind it or hold updates not stored yet.
 */
export async function storedChanges(store: Pick<DocumentStore, 'load'>, docId: string, marks: readonly ChangeMark[]): Promise<boolean[]> {
  const stored = await store.load(docId);
  const doc = new Y.Doc({ gc: false });
  try {
    doc.transact(() => {
      for (const part of stored.snapshot ?? []) Y.applyUpdate(doc, part);
      for (const update of stored.updates) Y.applyUpdate(doc, update);
    });
    return marks.map((mark) => holdsChange(doc, mark));
  } finally {
    doc.destroy();
  }
}
