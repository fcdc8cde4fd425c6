import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { DocumentStore } from '../DocumentStore.js';
import { configureConnection } from './connection.js';
import { SqliteDocumentStore } from './SqliteDocumentStore.js';
import { WalSync } from './WalSync.js';

/** A request to the document worker: one `DocumentStore` call. */
export interface DocumentWorkerRequest {
  id: number;
  method: 'append' | 'load' | 'compact' | 'pendingUpdates' | 'delete' | 'sync' | 'close';
  args: unknown[];
}

/** The worker's answer to one request. */
export type DocumentWorkerResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; code?: string };

/** What the worker is started with. */
export interface DocumentWorkerData {
  file: string;
  synchronous: 'full' | 'normal';
  /** With `full`: most ms between a write and its fsync when nobody calls `sync`. */
  syncDelayMs: number;
}

// Runs in a worker thread: the document log's own connection, so that commits (and their
// fsync) never block the server's event loop. With `synchronous: 'full'` the connection commits
// with NORMAL (written to the WAL: safe from a crash of the process) and answers at once; the
// fsync that makes writes survive power loss follows on `sync` requests and in the background
// (`WalSync`), so live relays wait only for the write while REST answers wait for the fsync.
if (parentPort) {
  const port = parentPort;
  const data = workerData as DocumentWorkerData;
  const db = new BetterSqlite3(data.file);
  configureConnection(db, 'normal');
  const walSync = data.synchronous === 'full' ? new WalSync(data.file, data.syncDelayMs) : undefined;
  const store: DocumentStore = new SqliteDocumentStore(db);
  const writes = new Set<DocumentWorkerRequest['method']>(['append', 'compact', 'delete']);
  const answer = (id: number, value: unknown): void => port.postMessage({ id, ok: true, value } satisfies DocumentWorkerResponse);
  const fail = (id: number, error: unknown): void => {
    port.postMessage({
      id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && 'code' in error ? { code: String(error.code) } : {}),
    } satisfies DocumentWorkerResponse);
  };
  port.on('message', (request: DocumentWorkerRequest) => {
    void (async () => {
      try {
        if (request.method === 'close') {
          walSync?.close();
          db.close();
          answer(request.id, null);
          port.close();
          return;
        }
        if (request.method === 'sync') {
          await walSync?.request();
          answer(request.id, null);
          return;
        }
        const method = store[request.method] as (...args: unknown[]) => Promise<unknown>;
        const value = await method.apply(store, request.args);
        if (writes.has(request.method)) walSync?.written();
        answer(request.id, value);
      } catch (error) {
        fail(request.id, error);
      }
    })();
  });
}
