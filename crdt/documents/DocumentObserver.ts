/**
 * Measurements of board documents' persistence, for whoever watches them (the server's
 * metrics). Each hook is called once per store call or compaction, never per update, and must be
 * cheap and never throw.
 */
export interface DocumentObserver {
  /** A batch of `updates` was appended to the store, taking `seconds` (a failed append is not reported). */
  appended?(updates: number, seconds: number): void;
  /** A compaction stored a snapshot of `snapshotBytes` after `seconds` (reading and folding the log included). */
  compacted?(seconds: number, snapshotBytes: number): void;
  /** A compaction failed (it is retried later). */
  compactionFailed?(): void;
}
