import type { DocumentRegistry } from '../crdt/index.js';
import type { Database } from '../storage/index.js';
import type { MallocTrim } from './mallocTrim.js';
import { loadMallocTrim } from './mallocTrim.js';

/** The `gc` function V8 gives the process when it starts with `--expose-gc` (as `npm start` does); asked to run in a task of its own, it returns a promise settled when that collection is done. */
type ExposedGc = (options: { type: 'major'; execution: 'async' }) => Promise<void> | void;

/** Milliseconds between the sweep that unloaded the last documents and the collections: what the unload started (stores, timers) has settled by then. */
const settleMs = 2_000;

/**
 * Full collections asked for in a row. One frees the unloaded boards' objects but leaves the
 * pages they were on committed, each holding a few survivors; the next ones move those
 * survivors together and give the emptied pages back (measured: old space 42 MB with 3 MB in use
 * after one, 4 MB after two, and the process's RSS down by 40 MB only after the third).
 */
const collections = 3;

/** What `releaseMemoryWhenIdle` gives memory back from, besides the documents it watches. */
export interface IdleRelease {
  /** The store, whose caches are released too (`Database.releaseMemory`). */
  store?: Pick<Database, 'releaseMemory'>;
  /** Default: the `gc` of `--expose-gc`, when the process has it. */
  gc?: ExposedGc | undefined;
  /** Gives the C allocator's free pages back to the system once the collections are done. Default: glibc's `malloc_trim` when its addon is installed (`loadMallocTrim`); null for none. */
  trim?: MallocTrim | null;
  /** Default 2 000 ms. */
  delayMs?: number;
}

/**
 * Once an idle sweep has unloaded the last board documents, a moment later (if none has been
 * loaded meanwhile) releases the store's caches (the pages of the boards just read and written),
 * asks V8 for full collections, one after the other, each run in a task of its own, and then,
 * if still no board is loaded, has the C allocator give back the pages it holds free (what the
 * store's caches, the clients' sockets and the collections' finalizers released). The process is
 * idle by then, so this delays no one, and the memory those documents, their clients and their
 * pages used goes back to the system at once rather than whenever the next allocation triggers a
 * collection (an idle server allocates almost nothing). Without `--expose-gc` the collections are
 * left to V8. Returns the unsubscribe function.
 */
export function releaseMemoryWhenIdle(documents: DocumentRegistry, options: IdleRelease = {}): () => void {
  const gc = 'gc' in options ? options.gc : (globalThis as { gc?: ExposedGc }).gc;
  const { store, delayMs = settleMs } = options;
  // Looked up when first needed: a server whose boards are never all unloaded never loads the addon.
  let trim = options.trim;
  if (gc === undefined && store?.releaseMemory === undefined && trim === null) return () => {};
  const idle = (): boolean => {
    const { loadedDocuments, loadingDocuments } = documents.stats();
    return loadedDocuments === 0 && loadingDocuments === 0;
  };
  const collectThenTrim = async (): Promise<void> => {
    if (gc !== undefined) for (let i = 0; i < collections; i += 1) await gc({ type: 'major', execution: 'async' });
    if (!idle()) return;
    if (trim === undefined) trim = loadMallocTrim();
    trim?.();
  };
  let timer: NodeJS.Timeout | undefined;
  const unsubscribe = documents.onSwept((unloaded) => {
    if (unloaded === 0 || !idle() || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!idle()) return;
      store?.releaseMemory?.();
      void collectThenTrim();
    }, delayMs);
    timer.unref();
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
