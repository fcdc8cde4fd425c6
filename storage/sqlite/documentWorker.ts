import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { DocumentStore } from '../DocumentStore.js';
import { configureConnection } from './connection.js';
import { SqliteDocumentStore } from './SqliteDocumentStore.js';

/** A request to the document worker: one `DocumentStore` call. */
export interface DocumentWorkerRequest {
  id: number;
  method: 'append' | 'load' | 'compact' | 'pendingUpdates' | 'delete' | 'close';
  args: unknown[];
}

/** The worker's answer to one request. */
export type DocumentWorkerResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; code?: string };

/** What the worker is started with. */
export interface DocumentWorkerData {
  file: string;
  synchronous: 'full' | 'normal';
}

// Runs in a worker thread: the document log's own connection, so that commits (and their
// fsync) never block the server's event loop.
if (parentPort) {
  const port = parentPort;
  const data = workerData as DocumentWorkerData;
  const db = new BetterSqlite3(data.file);
  configureConnection(db, data.synchronous);
  const store: DocumentStore = new SqliteDocumentStore(db);
  port.on('message', (request: DocumentWorkerRequest) => {
    void (async () => {
      try {
        if (request.method === 'close') {
          db.close();
          port.postMessage({ id: request.id, ok: true, value: null } satisfies DocumentWorkerResponse);
          port.close();
          return;
        }
        const method = store[request.method] as (...args: unknown[]) => Promise<unknown>;
        const value = await method.apply(store, request.args);
        port.postMessage({ id: request.id, ok: true, value } satisfies DocumentWorkerResponse);
      } catch (error) {
        const failure: DocumentWorkerResponse = {
          id: request.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
          ...(error instanceof Error && 'code' in error ? { code: String(error.code) } : {}),
        };
        port.postMessage(failure);
      }
    })();
  });
}
