import { Worker } from 'node:worker_threads';
import type { CheckpointWorkerData, CheckpointWorkerMessage } from './checkpointWorker.js';
import { StorageError } from '../errors.js';

/** Options of `WalCheckpointer`. */
export interface WalCheckpointerOptions {
  /** The SQLite file. */
  file: string;
  /** Period of the PASSIVE checkpoint, in ms. */
  intervalMs: number;
  /** The compiled `checkpointWorker.js`. */
  workerUrl: URL;
  /** Told about a failed checkpoint (the next one retries) or a worker that stopped. */
  onError: (error: Error) => void;
}

/**
 * Checkpoints the WAL from a worker thread (see `checkpointWorker.ts`), so the connections on
 * the event loop can run with `wal_autocheckpoint = 0`: a commit there only appends to the WAL
 * and never stops to copy pages into the database file and fsync it. The thread sleeps between
 * checkpoints and never keeps the process alive.
 */
export class WalCheckpointer {
  readonly #worker: Worker;
  #closing: Promise<void> | undefined;
  #exited = false;

  constructor(options: WalCheckpointerOptions) {
    const data: CheckpointWorkerData = { file: options.file, intervalMs: options.intervalMs };
    this.#worker = new Worker(options.workerUrl, { workerData: data });
    this.#worker.unref();
    this.#worker.on('message', (message: CheckpointWorkerMessage) => {
      if (message.kind === 'failed') options.onError(new StorageError('storage_unavailable', `WAL checkpoint failed: ${message.message}`));
    });
    this.#worker.on('error', (error) => options.onError(error));
    this.#worker.on('exit', (code) => {
      this.#exited = true;
      if (this.#closing === undefined) options.onError(new StorageError('storage_unavailable', `The WAL checkpoint worker stopped (exit code ${code}).`));
    });
  }

  /** Runs a last checkpoint, closes the worker's connection and ends the thread. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#exited) return;
      const closed = new Promise<void>((resolve) => {
        const onMessage = (message: CheckpointWorkerMessage): void => {
          if (message.kind !== 'closed') return;
          this.#worker.off('message', onMessage);
          resolve();
        };
        this.#worker.on('message', onMessage);
        this.#worker.once('exit', () => resolve());
      });
      this.#worker.ref();
      this.#worker.postMessage('close');
      await closed;
      await this.#worker.terminate();
    })();
    return this.#closing;
  }
}
