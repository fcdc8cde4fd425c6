import { Worker } from 'node:worker_threads';
import type { DocumentStore, StoredDocument } from '../DocumentStore.js';
import { StorageError } from '../errors.js';
import type { DocumentWorkerData, DocumentWorkerRequest, DocumentWorkerResponse } from './documentWorker.js';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * The SQLite document log served by a worker thread with its own connection to the same file.
 * It runs a `SqliteDocumentStore` inside the worker, so commits and their fsync happen off the
 * event loop. Writes resolve once written to the WAL (safe from a crash of the process); with
 * `synchronous: 'full'`, `sync()` resolves once they are fsynced, which also happens on its own
 * within `syncDelayMs`. Requests are handled in order, so appends stay ordered.
 */
export class WorkerDocumentStore implements DocumentStore {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #failure: Error | null = null;

  constructor(options: { file: string; synchronous: 'full' | 'normal'; syncDelayMs: number; workerUrl: URL }) {
    const data: DocumentWorkerData = { file: options.file, synchronous: options.synchronous, syncDelayMs: options.syncDelayMs };
    this.#worker = new Worker(options.workerUrl, { workerData: data });
    this.#worker.on('message', (response: DocumentWorkerResponse) => {
      const pending = this.#pending.get(response.id);
      if (!pending) return;
      this.#pending.delete(response.id);
      // An idle worker must not keep the process alive; a busy one must.
      if (this.#pending.size === 0) this.#worker.unref();
      if (response.ok) pending.resolve(response.value);
      else {
        const error = new StorageError('storage_unavailable', response.message);
        pending.reject(error);
      }
    });
    const fail = (error: Error): void => {
      this.#failure = new StorageError('storage_unavailable', `The document store worker stopped: ${error.message}`, { cause: error });
      for (const pending of this.#pending.values()) pending.reject(this.#failure);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => {
      if (this.#pending.size > 0 || code !== 0) fail(new Error(`exit code ${code}`));
    });
    this.#worker.unref();
  }

  #call<T>(method: DocumentWorkerRequest['method'], args: unknown[]): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, method, args } satisfies DocumentWorkerRequest);
    });
  }

  async append(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    return this.#call<number>('append', [docId, updates]);
  }

  async load(docId: string): Promise<StoredDocument> {
    return this.#call<StoredDocument>('load', [docId]);
  }

  async compact(docId: string, snapshot: Uint8Array, upToSeq: number): Promise<void> {
    await this.#call('compact', [docId, snapshot, upToSeq]);
  }

  async pendingUpdates(docId: string): Promise<number> {
    return this.#call<number>('pendingUpdates', [docId]);
  }

  async delete(docId: string): Promise<void> {
    await this.#call('delete', [docId]);
  }

  async sync(): Promise<void> {
    await this.#call('sync', []);
  }

  /** Waits for every request sent so far, closes the worker's connection and ends the thread. */
  async close(): Promise<void> {
    if (!this.#failure) await this.#call('close', []).catch(() => undefined);
    await this.#worker.terminate();
  }
}
