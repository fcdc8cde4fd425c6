import { Worker } from 'node:worker_threads';
import type { StoredDocument } from '../../storage/index.js';
import { foldStored, snapshotWorkerData } from './snapshotWorker.js';
import type { FoldRequest, Folded, SnapshotAnswer, SplitRequest, SplitState } from './snapshotWorker.js';
import { CrdtError } from '../errors.js';

/** The compiled worker beside this module; undefined when running from sources (tests), which fold in-thread. */
export const compiledSnapshotWorkerUrl = import.meta.url.endsWith('.js') ? new URL('./snapshotWorker.js', import.meta.url) : undefined;

/** What a request sent to the worker resolves with: its answer, less the id. */
type Reply = Exclude<SnapshotAnswer, { error: string }>;

/**
 * Folds a stored document (snapshot + logged updates) into one snapshot for compaction, a large
 * one in parts (`foldStored`), and splits a large snapshot stored whole into parts for a load.
 * With a worker URL this runs in a worker thread, started on first use and never keeping the
 * process alive: rebuilding, encoding or decoding a large board takes tens to hundreds of
 * milliseconds, which on the event loop would stall every connection of the process. Without
 * one, folding runs in-thread and gives one part, and splitting is declined (decoding in-thread
 * costs the event loop more than applying the snapshot whole). A worker that fails is replaced
 * on the next call; its pending calls reject. Requests run one at a time.
 */
export class SnapshotBuilder {
  readonly #workerUrl: URL | undefined;
  #worker: Worker | undefined;
  readonly #pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #closed = false;

  constructor(workerUrl: URL | undefined) {
    this.#workerUrl = workerUrl;
  }

  /** Whether requests run in a worker thread (else folding runs in-thread, and stores one part). */
  get inWorker(): boolean {
    return this.#workerUrl !== undefined;
  }

  /**
   * The snapshot of `stored` in the parts to store (a large one split, in the worker), and how
   * many of its updates did not apply (skipped).
   */
  async build(stored: Pick<StoredDocument, 'snapshot' | 'updates'>): Promise<Folded> {
    if (this.#closed) throw new CrdtError('snapshot_failed', 'The snapshot builder is closed.');
    if (this.#workerUrl === undefined) return foldStored(stored.snapshot, stored.updates, { split: false });
    const reply = await this.#call(this.#workerUrl, { kind: 'fold', snapshot: stored.snapshot, updates: stored.updates });
    if (!('state' in reply)) throw new CrdtError('snapshot_failed', 'The snapshot worker answered a fold with something else.');
    return { state: reply.state, skipped: reply.skipped };
  }

  /** A stored snapshot in parts to apply in order (see `splitUpdate`); null when it cannot be split, or without a worker. */
  async split(update: Uint8Array): Promise<SplitState> {
    if (this.#closed) throw new CrdtError('snapshot_failed', 'The snapshot builder is closed.');
    if (this.#workerUrl === undefined) return null;
    const reply = await this.#call(this.#workerUrl, { kind: 'split', update });
    if (!('split' in reply)) throw new CrdtError('snapshot_failed', 'The snapshot worker answered a split with something else.');
    return reply.split;
  }

  #call(url: URL, request: Omit<FoldRequest, 'id'> | Omit<SplitRequest, 'id'>): Promise<Reply> {
    const worker = this.#start(url);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) worker.ref();
      worker.postMessage({ ...request, id });
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
    const worker = new Worker(url, { workerData: snapshotWorkerData });
    worker.unref();
    worker.on('message', (answer: SnapshotAnswer) => {
      const call = this.#pending.get(answer.id);
      if (call === undefined) return;
      this.#pending.delete(answer.id);
      if (this.#pending.size === 0) worker.unref();
      if ('error' in answer) call.reject(new CrdtError('snapshot_failed', `The snapshot worker failed: ${answer.error}`));
      else call.resolve(answer);
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
