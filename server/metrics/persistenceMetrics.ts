import { Counter, Histogram, exponentialBuckets } from 'prom-client';
import type { Registry } from 'prom-client';
import type { DocumentObserver } from '../../crdt/index.js';
import type { StorageObserver } from '../../storage/index.js';

/** The fsync histogram of the embedded store, fed by its `StorageObserver` hook (one observation per fsync round). */
export function storageMetrics(registry: Registry): StorageObserver {
  const fsyncSeconds = new Histogram({
    name: 'boards_storage_fsync_duration_seconds',
    help: 'Duration of fsync rounds of the embedded store, by file (wal: the SQLite WAL; journal: the document journal).',
    labelNames: ['file'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return { fsync: (file, seconds) => fsyncSeconds.observe({ file }, seconds) };
}

/** Histograms and counters of board documents' persistence, fed by their `DocumentObserver` hook (per store call and per compaction). */
export function documentMetrics(registry: Registry): DocumentObserver {
  const appendSeconds = new Histogram({
    name: 'boards_document_append_duration_seconds',
    help: 'Duration of appends of board document updates to the store (one per batch of updates).',
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const updatesStored = new Counter({
    name: 'boards_document_updates_stored_total',
    help: 'Board document updates appended to the store.',
    registers: [registry],
  });
  const compactionSeconds = new Histogram({
    name: 'boards_document_compaction_duration_seconds',
    help: 'Duration of board document compactions (reading the log, folding it into a snapshot, storing it); its _count counts compactions.',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30],
    registers: [registry],
  });
  const snapshotBytes = new Histogram({
    name: 'boards_document_compaction_snapshot_bytes',
    help: 'Size of the snapshots compactions stored, in bytes.',
    buckets: exponentialBuckets(1024, 4, 10),
    registers: [registry],
  });
  const compactionFailures = new Counter({
    name: 'boards_document_compaction_failures_total',
    help: 'Board document compactions that failed (each is retried later).',
    registers: [registry],
  });
  return {
    appended: (updates, seconds) => {
      appendSeconds.observe(seconds);
      updatesStored.inc(updates);
    },
    compacted: (seconds, bytes) => {
      compactionSeconds.observe(seconds);
      snapshotBytes.observe(bytes);
    },
    compactionFailed: () => compactionFailures.inc(),
  };
}
