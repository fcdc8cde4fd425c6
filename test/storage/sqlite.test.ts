import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
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
