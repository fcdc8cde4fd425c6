import type { Clock } from '../../storage/index.js';
import type { DocumentObserver } from './DocumentObserver.js';
import type { ReplicationPorts } from './DocumentReplication.js';
import type { Logger } from './Logger.js';
import type { RecordsWithUpdate } from './updatePersisterOptions.js';
import type { ManagedDocumentOptions } from './ManagedDocument.js';
import type { SnapshotBuilder } from './SnapshotBuilder.js';

/** Options of `DocumentRegistry`; every field has a default. */
export interface DocumentRegistryOptions {
  /** Batching window of the write-behind queue, in ms. Default 0: the next event-loop turn, because live relays wait for it; updates arriving while a batch is being stored form the next one (group commit). */
  persistDelayMs?: number;
  /** Most updates per store append. Default 1000. */
  maxBatchUpdates?: number;
  /** First retry delay after a failed store call, in ms; doubles per failure. Default 100. */
  retryBaseMs?: number;
  /** Cap of the retry delay, in ms. Default 5000. */
  retryMaxMs?: number;
  /** The log is compacted once its bytes reach this fraction of the snapshot's (see `compactMinLogBytes`). Default 0.5. */
  compactLogRatio?: number;
  /** Logged bytes below which the size rule never compacts. Default 64 KiB. */
  compactMinLogBytes?: number;
  /** Logged updates after the snapshot that trigger a compaction whatever their size. Default 10,000. */
  compactAfterUpdates?: number;
  /** Unused documents with no leases are unloaded after this many ms. Default 60000. */
  idleUnloadMs?: number;
  /**
   * Idle documents (no leases) kept loaded for the whole `idleUnloadMs`, the most recently used;
   * when more are leased, as many as are leased. Past them the process is under pressure: the
   * least recently used idle documents are unloaded after `pressureUnloadMs` (`idleToUnload`).
   * Default 64: a small board loaded holds about 40 KB of the heap (S8's boards of a few notes:
   * 90 MB live for 2,000 of them, 17 MB for none), so 64 hold under 3 MB.
   */
  keptIdleDocuments?: number;
  /** How long an idle document past `keptIdleDocuments` stays loaded after its last use, in ms. Default 5000. */
  pressureUnloadMs?: number;
  /** Period of the idle sweep timer, in ms; 0 disables the timer (call `sweep()` yourself). Default 10000. */
  sweepIntervalMs?: number;
  /**
   * Starts the idle sweep timer at construction. False leaves it to `startSweeping()`, so that a
   * process that builds a registry without running the server (a command beside it) never
   * unloads, flushes or compacts in the background. Default true.
   */
  sweepAtOnce?: boolean;
  /** Largest stored size of one document, in bytes; bigger updates throw `document_too_large`. Default 16 MiB. */
  maxDocumentBytes?: number;
  /**
   * Milliseconds of a load's work per event-loop turn: logged updates applied (at least one a
   * turn) and the board index read. Default 8: loading a large board never holds every other
   * connection of the process for long.
   */
  loadMsPerTurn?: number;
  /** How long `transact` waits for its update to be stored before `persist_timeout`, in ms. Default 10000. */
  persistTimeoutMs?: number;
  /**
   * The compiled `snapshotWorker.js` that folds stored documents into snapshots for compaction,
   * and splits large snapshots so that they load a part per event-loop turn, off the event loop
   * (two child processes, each started on first use; see `SnapshotBuilder`); null folds them
   * in-thread and loads snapshots whole. Default the worker beside this module when it is
   * compiled (sources, as in tests, run in-thread).
   */
  snapshotWorkerUrl?: URL | null;
  /** Time source for idle tracking. Default the system clock. */
  clock?: Clock;
  /** Where failures are logged. Default silent. */
  logger?: Logger;
  /** Told each store append's and compaction's duration (metrics). Default none. */
  observer?: DocumentObserver;
  /** Other processes that hold the same boards (`DocumentReplication`): their bus and leases. Default none (this process alone). */
  replication?: ReplicationPorts;
}

/** Options of `DocumentRegistry.transact`. */
export interface TransactOptions {
  /** `durable` (default): until the update survives power loss; `stored`: until it survives a crash of the process. */
  wait?: 'durable' | 'stored';
  /**
   * Called once the transaction is over (after `afterChange` callbacks), before its update goes
   * to the store. When it returns a promise, the update, and every later one of the board, is
   * appended only once that promise settles: for a row that must be stored before the update
   * whose effects it records, on a store whose writes complete after their call returns (two
   * pooled connections commit in whatever order they finish).
   */
  appendAfter?: () => Promise<unknown> | undefined;
  /**
   * Called once the transaction is over, as `appendAfter`: records it returns are appended with
   * the transaction's update in one transaction of the store (`UpdatePersister.storeWith`), where
   * the store offers it (`DocumentStore.appendsRecords`), rather than written before it.
   */
  storeWith?: () => RecordsWithUpdate | undefined;
}

/** Counters of `DocumentRegistry.stats()`. */
export interface DocumentRegistryStats {
  loadedDocuments: number;
  loadingDocuments: number;
  /** Updates applied in memory and not yet stored, over all documents. */
  pendingUpdates: number;
  leases: number;
}

/** The options of `DocumentRegistry` that are plain numbers, each with its default. */
export type RegistryLimits = Required<Omit<DocumentRegistryOptions, 'clock' | 'logger' | 'snapshotWorkerUrl' | 'observer' | 'sweepAtOnce' | 'replication'>>;

/** `options`' numbers, with the default of each one not given. */
export function registryLimits(options: DocumentRegistryOptions): RegistryLimits {
  return {
    persistDelayMs: options.persistDelayMs ?? 0,
    maxBatchUpdates: options.maxBatchUpdates ?? 1000,
    retryBaseMs: options.retryBaseMs ?? 100,
    retryMaxMs: options.retryMaxMs ?? 5000,
    compactLogRatio: options.compactLogRatio ?? 0.5,
    compactMinLogBytes: options.compactMinLogBytes ?? 64 * 1024,
    compactAfterUpdates: options.compactAfterUpdates ?? 10_000,
    idleUnloadMs: options.idleUnloadMs ?? 60_000,
    keptIdleDocuments: options.keptIdleDocuments ?? 64,
    pressureUnloadMs: options.pressureUnloadMs ?? 5_000,
    sweepIntervalMs: options.sweepIntervalMs ?? 10_000,
    maxDocumentBytes: options.maxDocumentBytes ?? 16 * 1024 * 1024,
    persistTimeoutMs: options.persistTimeoutMs ?? 10_000,
    loadMsPerTurn: options.loadMsPerTurn ?? 8,
  };
}

/**
 * The options every document of a registry is loaded with, made once: a loaded document keeps
 * them, and nothing in them depends on the board (`ManagedDocument.load` takes the board's own).
 * Compactions fold in `snapshots`; a state to send joining clients folds in `loadSplitter`, the
 * process that splits loads, not behind compactions (a client may be waiting to join). Without
 * a snapshot process nothing is folded: the state is encoded when a client first needs it.
 */
export function documentOptions(limits: RegistryLimits, clock: Clock, observer: DocumentObserver | undefined, snapshots: SnapshotBuilder, loadSplitter: SnapshotBuilder): ManagedDocumentOptions {
  return {
    ...limits,
    clock,
    observer,
    buildSnapshot: (toFold) => snapshots.build(toFold),
    ...(loadSplitter.inWorker ? { encodeStored: (stored) => loadSplitter.encodeWhole(stored) } : {}),
  };
}
