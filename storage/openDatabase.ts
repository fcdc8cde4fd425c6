import type { Database } from './Database.js';
import { SqliteDatabase } from './sqlite/SqliteDatabase.js';
import type { StorageObserver } from './StorageObserver.js';
import type { PostgresDatabaseOptions } from './postgres/PostgresDatabase.js';

/** Which store to open and where; `background: false` opens sqlite for a short command beside a server (see `SqliteDatabaseOptions`). */
export type DatabaseOptions =
  | { kind: 'sqlite'; dataDir: string; synchronous?: 'full' | 'normal'; onBackgroundError?: (error: Error) => void; observer?: StorageObserver; background?: boolean }
  | { kind: 'mongodb'; url: string; databaseName?: string }
  | ({ kind: 'postgres' } & PostgresDatabaseOptions);

/** Opens the configured store; the mongodb and pg drivers are loaded only when chosen. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'sqlite') {
    return new SqliteDatabase({
      dataDir: options.dataDir,
      ...(options.synchronous ? { synchronous: options.synchronous } : {}),
      ...(options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {}),
      ...(options.observer ? { observer: options.observer } : {}),
      ...(options.background === false ? { background: false } : {}),
    });
  }
  if (options.kind === 'postgres') {
    const { PostgresDatabase } = await import('./postgres/PostgresDatabase.js');
    const { kind: _kind, ...postgresOptions } = options;
    return PostgresDatabase.connect(postgresOptions);
  }
  const { MongoDatabase } = await import('./mongo/MongoDatabase.js');
  return MongoDatabase.connect(options.url, options.databaseName);
}
