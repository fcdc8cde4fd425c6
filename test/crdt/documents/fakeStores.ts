import type { DocumentStore, LogTail, StoredDocument } from '../../../storage/index.js';

/** A DocumentStore wrapper that counts calls and can be told to fail the next appends. */
export class SpyDocumentStore implements DocumentStore {
  readonly inner: DocumentStore;
  loads = 0;
  /** Each `readLogAfter`: the number asked for, and how many updates it returned (null when it sent the caller to `load`). */
  logReads: { docId: string; afterSeq: number; updates: number | null }[] = [];
  appends: { docId: string; count: number }[] = [];
  compactions: { docId: string; upToSeq: number; fence: number | undefined }[] = [];
  failNextAppends = 0;
  failedAppends = 0;
  /** When set, `load` waits for this promise (to hold a cold load open). */
  loadGate: Promise<void> | undefined;

  constructor(inner: DocumentStore) {
    this.inner = inner;
  }

  async append(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    if (this.failNextAppends > 0) {
      this.failNextAppends -= 1;
      this.failedAppends += 1;
      throw new Error('append failed (test)');
    }
    this.appends.push({ docId, count: updates.length });
    return this.inner.append(docId, updates);
  }

  async load(docId: string): Promise<StoredDocument> {
    this.loads += 1;
    await this.loadGate;
    return this.inner.load(docId);
  }

  async readLogAfter(docId: string, afterSeq: number): Promise<LogTail | null> {
    const tail = await this.inner.readLogAfter(docId, afterSeq);
    this.logReads.push({ docId, afterSeq, updates: tail === null ? null : tail.updates.length });
    return tail;
  }

  async compact(docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence?: number): Promise<void> {
    this.compactions.push({ docId, upToSeq, fence });
    return this.inner.compact(docId, snapshot, upToSeq, fence);
  }

  lastSeqs(docIds: readonly string[]): Promise<Map<string, number>> {
    return this.inner.lastSeqs(docIds);
  }

  pendingUpdates(docId: string): Promise<number> {
    return this.inner.pendingUpdates(docId);
  }

  delete(docId: string): Promise<void> {
    return this.inner.delete(docId);
  }

  syncs = 0;
  /** When set, `sync` waits for this promise (to hold a flush to disk open). */
  syncGate: Promise<void> | undefined;

  async sync(): Promise<void> {
    this.syncs += 1;
    await this.syncGate;
    return this.inner.sync();
  }
}

/**
 * A SpyDocumentStore that also offers `appendNow` (the synchronous path of the sqlite store);
 * `failNextAppends` fails synchronous appends too, and every append records the `order` counter.
 */
export class SyncSpyDocumentStore extends SpyDocumentStore {
  readonly #appendNow: (docId: string, updates: readonly Uint8Array[]) => number;
  /** Synchronous appends done. */
  syncAppends = 0;

  constructor(inner: DocumentStore & { appendNow(docId: string, updates: readonly Uint8Array[]): number }) {
    super(inner);
    this.#appendNow = (docId, updates) => inner.appendNow(docId, updates);
  }

  appendNow(docId: string, updates: readonly Uint8Array[]): number {
    if (this.failNextAppends > 0) {
      this.failNextAppends -= 1;
      this.failedAppends += 1;
      throw new Error('append failed (test)');
    }
    this.appends.push({ docId, count: updates.length });
    this.syncAppends += 1;
    return this.#appendNow(docId, updates);
  }
}

/** A logger that records messages by level. */
export function recordingLogger(): {
  info: (context: Record<string, unknown>, message: string) => void;
  warn: (context: Record<string, unknown>, message: string) => void;
  error: (context: Record<string, unknown>, message: string) => void;
  lines: { level: string; message: string }[];
} {
  const lines: { level: string; message: string }[] = [];
  return {
    lines,
    info: (_c, message) => lines.push({ level: 'info', message }),
    warn: (_c, message) => lines.push({ level: 'warn', message }),
    error: (_c, message) => lines.push({ level: 'error', message }),
  };
}
