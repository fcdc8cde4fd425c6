import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe } from 'vitest';
import type { Database } from '../../storage/index.js';
import { openDatabase } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { describePostgres } from '../helpers/postgres.js';
import { MingoStandInDb } from './mingoStandIn.js';

/**
 * The two stores a service test runs over, by name: sqlite in a fresh data folder (removed after
 * each test of the calling file) and the mongodb adapter over the mingo stand-in.
 */
export function bothStores(folderPrefix: string): [string, () => Promise<Database>][] {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return [
    [
      'sqlite',
      async () => {
        const dir = mkdtempSync(path.join(tmpdir(), folderPrefix));
        dirs.push(dir);
        return openDatabase({ kind: 'sqlite', dataDir: dir, synchronous: 'normal' });
      },
    ],
    ['the mongodb adapter over the mingo stand-in', async () => new MongoDatabase(new MingoStandInDb())],
  ];
}

/**
 * Describes `cases` once per store the journals run on, each named `<name> (<store>)`: the two of
 * `bothStores` and, where PostgreSQL is installed, a database of a throwaway cluster.
 */
export function describeOnEveryStore(name: string, folderPrefix: string, cases: (open: () => Promise<Database>) => void): void {
  for (const [store, open] of bothStores(folderPrefix)) describe(`${name} (${store})`, () => cases(open));
  describePostgres(`${name} (PostgreSQL)`, (cluster) => cases(async () => openDatabase({ kind: 'postgres', url: await cluster().createDatabase() })));
}
