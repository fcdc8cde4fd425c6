import type { DocumentRegistry } from '../crdt/index.js';

/** The `gc` function V8 gives the process when it starts with `--expose-gc` (as `npm start` does). */
type ExposedGc = (options: { type: 'major'; execution: 'async' }) => void;

/**
 * Once an idle sweep has unloaded the last board documents, asks V8 for a full collection, run
 * in a task of its own (not inside the sweep): the process is idle by then, so the collection
 * delays no one, and the heap those documents and their clients used goes back to the system at
 * once rather than whenever the next allocation triggers one (an idle server allocates almost
 * nothing). Without `--expose-gc` it does nothing. Returns the unsubscribe function.
 */
export function releaseMemoryWhenIdle(documents: DocumentRegistry, gc: ExposedGc | undefined = (globalThis as { gc?: ExposedGc }).gc): () => void {
  if (gc === undefined) return () => {};
  return documents.onSwept((unloaded) => {
    const { loadedDocuments, loadingDocuments } = documents.stats();
    if (unloaded > 0 && loadedDocuments === 0 && loadingDocuments === 0) gc({ type: 'major', execution: 'async' });
  });
}
