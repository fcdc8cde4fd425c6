import type { Database } from './Database.js';
import { SqliteDatabase } from './sqlite/SqliteDatabase.js';
import type { StorageObserver } from './StorageObserver.js';

/** Which store to open and where; `background: false` opens sqlite for a short command beside a server (see `SqliteDatabaseOptions`). */
export type DatabaseOptions =
  | { kind: 'sqlite'; dataDir: string; synchronous?: 'full' | 'normal'; onBackgroundError?: (error: Error) => void; observer?: StorageObserver; background?: boolean }
  | { kind: 'mongodb'; url: string; databaseName?: string };

/** Opens the configured store; the mongodb driver is loaded only when it is chosen. */
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
  const { MongoDatabase } = await import('./mongo/MongoDatabase.js');
  return MongoDatabase.connect(options.url, options.databaseName);
}
