import { AsyncLocalStorage } from 'node:async_hooks';
import type * as Y from 'yjs';

/**
 * The root map of a board document that holds write receipts: receipt id -> when it was stamped
 * (epoch ms). A receipt is written in the same transaction as the change it vouches for, so it is
 * in the same stored update (one journal record): after a crash, a receipt in the document proves
 * the change landed, and its absence proves it did not.
 */
export const writeReceiptsMapName = 'writeReceipts';

/** How long a receipt is kept in its document, in ms (24 h, the life of an idempotency key). */
export const writeReceiptTtlMs = 24 * 60 * 60 * 1000;

// Expired receipts are removed at most this often per document, so a busy board does not scan its receipts on every write.
const pruneEveryMs = 60 * 60 * 1000;

const currentReceipt = new AsyncLocalStorage<string>();
const lastPruned = new WeakMap<Y.Doc, number>();

/** Runs `fn` so that every `DocumentRegistry.transact` it makes stamps `receiptId` into its transaction. */
export function withWriteReceipt<T>(receiptId: string, fn: () => T): T {
  return currentReceipt.run(receiptId, fn);
}

/** Inside a transaction: stamps the receipt of the running `withWriteReceipt`, if any, and drops expired ones now and then. */
export function stampWriteReceipt(doc: Y.Doc, nowMs: number): void {
  const receiptId = currentReceipt.getStore();
  if (receiptId === undefined) return;
  const receipts = doc.getMap<number>(writeReceiptsMapName);
  receipts.set(receiptId, nowMs);
  if (nowMs - (lastPruned.get(doc) ?? 0) < pruneEveryMs) return;
  lastPruned.set(doc, nowMs);
  for (const [id, stampedAt] of receipts) {
    if (typeof stampedAt !== 'number' || nowMs - stampedAt > writeReceiptTtlMs) receipts.delete(id);
  }
}

/** Whether the document holds the receipt `receiptId` (its change was applied to this document). */
export function hasWriteReceipt(doc: Y.Doc, receiptId: string): boolean {
  return doc.getMap<number>(writeReceiptsMapName).has(receiptId);
}

/** The receipts the document holds whose ids start with `prefix` (the chunks of one import, say). */
export function writeReceiptIds(doc: Y.Doc, prefix: string): string[] {
  return [...doc.getMap<number>(writeReceiptsMapName).keys()].filter((id) => id.startsWith(prefix));
}
