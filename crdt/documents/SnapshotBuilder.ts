import { Worker } from 'node:worker_threads';
import type { StoredDocument } from '../../storage/index.js';
import { foldStored } from './snapshotWorker.js';
import type { SnapshotAnswer, SnapshotRequest } from './snapshotWorker.js';
import { CrdtError } from '../errors.js';

/** The compiled worker beside this module; undefined when running from sources (tests), which fold in-thread. */
export const compiledSnapshotWorkerUrl = import.meta.url.endsWith('.js') ? new URL('./snapshotWorker.js', import.meta.url) : undefined;

/**
 * Folds a stored document (snapshot + logged updates) into one snapshot for compaction. With a
 * worker URL this runs in a worker thread, started on first use and never keeping the process
 * alive: rebuilding and encoding a large board takes tens to hundreds of milliseconds, which on
 * the event loop would stall every connection of the process. Without one it runs in-thread.
 * A worker that fails is replaced on the next call; its pending calls reject.
 */
export class SnapshotBuilder {
  readonly #workerUrl: URL | undefined;
  #worker: Worker | undefined;
  readonly #pending = new Map<number, { resolve: (state: { state: Uint8Array; skipped: number }) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #closed = false;

  constructor(workerUrl: URL | undefined) {
    this.#workerUrl = workerUrl;
  }

  /** The snapshot of `stored`, and how many of its updates did not apply (skipped). */
  async build(stored: Pick<StoredDocument, 'snapshot' | 'updates'>): Promise<{ state: Uint8Array; skipped: number }> {
    if (this.#closed) throw new CrdtError('snapshot_failed', 'The snapshot builder is closed.');
    if (this.#workerUrl === undefined) return foldStored(stored.snapshot, stored.updates);
    const worker = this.#start(this.#workerUrl);
    const id = this.#nextId++;
    const request: SnapshotRequest = { id, snapshot: stored.snapshot, updates: stored.updates };
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) worker.ref();
      worker.postMessage(request);
    });
  }

  /** Ends the worker; calls still pending reject. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = undefined;
    this.#failAll(new CrdtError('snapshot_failed', 'The snapshot builder closed.'));
    await worker?.terminate();
  }

  #start(url: URL): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const worker = new Worker(url);
    worker.unref();
    worker.on('message', (answer: SnapshotAnswer) => {
      const call = this.#pending.get(answer.id);
      if (call === undefined) return;
      this.#pending.delete(answer.id);
      if (this.#pending.size === 0) worker.unref();
      if ('error' in answer) call.reject(new CrdtError('snapshot_failed', `Building a snapshot failed: ${answer.error}`));
      else call.resolve({ state: answer.state, skipped: answer.skipped });
    });
    const fail = (error: Error): void => {
      if (this.#worker === worker) this.#worker = undefined;
      this.#failAll(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new CrdtError('snapshot_failed', `The snapshot worker stopped (exit code ${code}).`)));
    this.#worker = worker;
    return worker;
  }

  #failAll(error: Error): void {
    const calls = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of calls) call.reject(error);
  }
}
