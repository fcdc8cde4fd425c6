import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { WorkerDocumentStore } from '../../storage/sqlite/WorkerDocumentStore.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { describeStorageContract } from './contract.js';

const root = mkdtempSync(path.join(tmpdir(), 'boards-sqlite-contract-'));
let opened = 0;

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describeStorageContract('sqlite file', async () => {
  opened += 1;
  return new SqliteDatabase({ dataDir: path.join(root, `db${opened}`) });
});

describeStorageContract('sqlite :memory:', async () => new SqliteDatabase({ dataDir: ':memory:' }));

// The document log served by its worker thread (the compiled script, built by the test setup).
const workerUrl = new URL('../../dist/storage/sqlite/documentWorker.js', import.meta.url);
describeStorageContract('sqlite file, document log in a worker thread', async () => {
  opened += 1;
  return new SqliteDatabase({ dataDir: path.join(root, `db${opened}`), documentWorkerUrl: workerUrl });
});

test('a file store with the compiled worker serves its document log from the worker; :memory: never does', async () => {
  const inWorker = new SqliteDatabase({ dataDir: path.join(root, 'worker-check'), documentWorkerUrl: workerUrl });
  const inMemory = new SqliteDatabase({ dataDir: ':memory:', documentWorkerUrl: workerUrl });
  try {
    expect(inWorker.documents).toBeInstanceOf(WorkerDocumentStore);
    expect(inMemory.documents).not.toBeInstanceOf(WorkerDocumentStore);
    // Written through the worker's connection, visible to a fresh store on the same file.
    await inWorker.documents.append('d1', [new Uint8Array([1, 2, 3])]);
  } finally {
    await inWorker.close();
    await inMemory.close();
  }
  const reopened = new SqliteDatabase({ dataDir: path.join(root, 'worker-check'), documentsInWorker: false });
  expect((await reopened.documents.load('d1')).updates).toEqual([new Uint8Array([1, 2, 3])]);
  await reopened.close();
});
