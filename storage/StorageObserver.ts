/** Which file an fsync round covered: the SQLite WAL or the document journal. */
export type FsyncFile = 'wal' | 'journal';

/**
 * Measurements the embedded store reports to whoever watches it (the server's metrics). Each
 * hook is called once per event it names, never per record or message, and must be cheap and
 * never throw.
 */
export interface StorageObserver {
  /** An fsync round of `file` finished (successfully or not) after `seconds`. */
  fsync?(file: FsyncFile, seconds: number): void;
}
