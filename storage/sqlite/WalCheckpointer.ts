import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { checkpointWorkerRole } from './checkpointWorker.js';
import type { CheckpointWorkerData, CheckpointWorkerMessage } from './checkpointWorker.js';
import { StorageError } from '../errors.js';

/** Options of `WalCheckpointer`. */
export interface WalCheckpointerOptions {
  /** The SQLite file. */
  file: string;
  /** Period of the PASSIVE checkpoint, in ms; also how often the WAL file is looked at for new writes. */
  intervalMs: number;
  /** After this many ms without a write to the WAL the thread ends (a last checkpoint first); the next write starts it again. Default 10 000. */
  idleStopMs?: number;
  /** The compiled `checkpointWorker.js`. */
  workerUrl: URL;
  /** Told about a failed checkpoint (the next one retries) or a worker that stopped. */
  onError: (error: Error) => void;
}

/** The default `idleStopMs`. */
const defaultIdleStopMs = 10_000;

/**
 * The checkpoint thread's V8 heap limits. The thread allocates next to nothing after its start
 * (SQLite copies pages in native memory); Node's own start-up leaves about 4 MB live. A cap on the
 * old generation makes V8 size and collect the isolate for that (about 0.6 MB less RSS than the
 * defaults), and a thread that somehow outgrew it ends with an error that is reported, its
 * successor started by the next write.
 */
export const checkpointWorkerLimits = { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 } as const;

/** What tells one state of the WAL file from the next: its modification time and size. */
function walState(info: { mtimeNs: bigint; size: bigint } | undefined): string {
  return info ? `${info.mtimeNs}:${info.size}` : 'none';
}

/**
 * Checkpoints the WAL from a worker thread (see `checkpointWorker.ts`), so the connections on
 * the event loop can run with `wal_autocheckpoint = 0`: a commit there only appends to the WAL
 * and never stops to copy pages into the database file and fsync it. The thread sleeps between
 * checkpoints and never keeps the process alive.
 *
 * A thread holds about 10 MB (its own V8 isolate, about 9 MB for an empty one, and SQLite
 * connection; heap capped by `checkpointWorkerLimits`), so it runs only while
 * there is something to checkpoint: every `intervalMs` the event loop looks at the WAL file's
 * size and modification time (one `stat` on the thread pool), starts the thread when they
 * changed, and ends it once they stayed the same for `idleStopMs`.
 */
export class WalCheckpointer {
  readonly #options: WalCheckpointerOptions;
  readonly #walFile: string;
  readonly #idleStopMs: number;
  readonly #watch: NodeJS.Timeout;
  #worker: Worker | undefined;
  /** The worker being ended (idle, or closing), resolved once it is gone. */
  #stopping: Promise<void> | undefined;
  #lastSeen = '';
  #lastChangeAt = 0;
  #looking = false;
  #closing: Promise<void> | undefined;

  constructor(options: WalCheckpointerOptions) {
    this.#options = options;
    this.#walFile = `${options.file}-wal`;
    this.#idleStopMs = options.idleStopMs ?? defaultIdleStopMs;
    // Frames already in the WAL wait for the next write (a checkpoint copies them all) or the
    // close of the last connection, which checkpoints too.
    this.#lastSeen = walState(statSync(this.#walFile, { bigint: true, throwIfNoEntry: false }));
    this.#watch = setInterval(() => void this.#look(), options.intervalMs);
    this.#watch.unref();
  }

  /** Whether the checkpoint thread exists now: also while it runs its last checkpoint before it ends. */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  /** Runs a last checkpoint, closes the worker's connection and ends the thread. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      clearInterval(this.#watch);
      await this.#stopping;
      await this.#stop();
    })();
    return this.#closing;
  }

  /** Starts the thread when the WAL changed since the last look, ends it when it has not for `idleStopMs`. */
  async #look(): Promise<void> {
    if (this.#looking || this.#closing) return;
    this.#looking = true;
    try {
      const seen = walState(await stat(this.#walFile, { bigint: true }).catch(() => undefined));
      if (this.#closing) return;
      const now = Date.now();
      if (seen !== this.#lastSeen) {
        this.#lastSeen = seen;
        this.#lastChangeAt = now;
        await this.#stopping;
        if (!this.#worker && !this.#closing) this.#start();
      } else if (this.#worker && this.#stopping === undefined && now - this.#lastChangeAt >= this.#idleStopMs) {
        await this.#stop();
      }
    } finally {
      this.#looking = false;
    }
  }

  #start(): void {
    const data: CheckpointWorkerData = { role: checkpointWorkerRole, file: this.#options.file, intervalMs: this.#options.intervalMs };
    const worker = new Worker(this.#options.workerUrl, { workerData: data, resourceLimits: checkpointWorkerLimits });
    this.#worker = worker;
    worker.unref();
    worker.on('message', (message: CheckpointWorkerMessage) => {
      if (message.kind === 'failed') this.#options.onError(new StorageError('storage_unavailable', `WAL checkpoint failed: ${message.message}`));
    });
    worker.on('error', (error) => this.#options.onError(error));
    worker.on('exit', (code) => {
      const expected = this.#stopping !== undefined && this.#worker === worker;
      if (this.#worker === worker) this.#worker = undefined;
      // An unexpected end is reported; the next write to the WAL starts a new thread.
      if (!expected) this.#options.onError(new StorageError('storage_unavailable', `The WAL checkpoint worker stopped (exit code ${code}).`));
    });
  }

  /** Asks the running thread for a last checkpoint and ends it. */
  #stop(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return Promise.resolve();
    this.#stopping = (async () => {
      const closed = new Promise<void>((resolve) => {
        const onMessage = (message: CheckpointWorkerMessage): void => {
          if (message.kind !== 'closed') return;
          worker.off('message', onMessage);
          resolve();
        };
        worker.on('message', onMessage);
        worker.once('exit', () => resolve());
      });
      worker.ref();
      worker.postMessage('close');
      await closed;
      await worker.terminate();
      this.#worker = undefined;
    })().finally(() => {
      this.#stopping = undefined;
    });
    return this.#stopping;
  }
}
