import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import type { Database, StorageObserver } from '../storage/index.js';
import { DataDirLock, StorageError, openDatabase } from '../storage/index.js';
import type { Config } from './config.js';
import { databaseOptions } from './config.js';
import { systemReason } from './listenOn.js';
import { StartupError } from './StartupError.js';

/**
 * Makes sure the data folder is a folder this process can write (creating it); throws
 * `StartupError` naming `BOARDS_DATA_DIR` when it is a file, cannot be created or is read-only.
 */
export function prepareDataDir(config: Pick<Config, 'dataDir'>): void {
  const dir = config.dataDir;
  let isDirectory: boolean | null = null;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch {
    // Missing: created below.
  }
  if (isDirectory === false) throw new StartupError('BOARDS_DATA_DIR', `BOARDS_DATA_DIR names a file, not a folder: ${dir}. Point it at a folder (it is created when missing).`);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new StartupError('BOARDS_DATA_DIR', `BOARDS_DATA_DIR cannot be used: ${dir} (${systemReason(error)}). Point it at a folder this user can write.`, { cause: error });
  }
}

/** Takes the data folder's lock; throws `StartupError` naming `BOARDS_DATA_DIR` while another server holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  let lock: ReturnType<typeof DataDirLock.acquire>;
  try {
    lock = DataDirLock.acquire(dataDir);
  } catch (error) {
    throw new StartupError('BOARDS_DATA_DIR', `BOARDS_DATA_DIR cannot be used: ${dataDir} (${systemReason(error)}).`, { cause: error });
  }
  if (lock instanceof DataDirLock) return lock;
  const holder = lock.heldBy === null ? 'another Boards server' : `another Boards server (process ${lock.heldBy})`;
  throw new StartupError('BOARDS_DATA_DIR', `The data folder ${dataDir} is in use by ${holder}. Stop it, or set BOARDS_DATA_DIR to another folder.`);
}

/** How `openStore` opens the store. */
export interface OpenStoreOptions {
  /** Hears of failures of the store's background work (sqlite); they are retried. */
  onBackgroundError?: (error: Error) => void;
  /**
   * False for `boards admin`, which may run beside a server on the same data folder: sqlite
   * starts no WAL checkpointer and leaves the server's document journal and the snapshot parts
   * of its compactions alone. Default true.
   */
  background?: boolean;
  /** Told of each fsync round of the WAL and the journal (metrics). */
  observer?: StorageObserver;
}

/**
 * Opens the configured store; throws `StartupError` naming `BOARDS_MONGODB_URL` (MongoDB cannot
 * be reached), `BOARDS_POSTGRES_URL` (PostgreSQL cannot be reached or refuses the connection) or
 * `BOARDS_DATA_DIR` (the SQLite file cannot be opened).
 */
export async function openStore(config: Config, options: OpenStoreOptions = {}): Promise<Database> {
  const storeOptions = databaseOptions(config);
  try {
    return await openDatabase(
      storeOptions.kind === 'sqlite'
        ? {
            ...storeOptions,
            ...(options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {}),
            ...(options.background === false ? { background: false } : {}),
            ...(options.observer ? { observer: options.observer } : {}),
          }
        : storeOptions.kind === 'postgres'
          ? { ...storeOptions, ...(options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {}) }
          : storeOptions,
    );
  } catch (error) {
    const reason = error instanceof StorageError && error.cause !== undefined ? systemReason(error.cause) : systemReason(error);
    if (storeOptions.kind === 'mongodb') {
      throw new StartupError('BOARDS_MONGODB_URL', `Cannot connect to MongoDB at ${serverHosts(storeOptions.url)} (BOARDS_MONGODB_URL): ${reason}`, { cause: error });
    }
    if (storeOptions.kind === 'postgres') {
      throw new StartupError('BOARDS_POSTGRES_URL', `Cannot connect to PostgreSQL at ${serverHosts(storeOptions.url)} (BOARDS_POSTGRES_URL): ${reason}`, { cause: error });
    }
    throw new StartupError('BOARDS_DATA_DIR', `Cannot open the store in ${config.dataDir} (BOARDS_DATA_DIR): ${systemReason(error)}`, { cause: error });
  }
}

/** The hosts of a MongoDB or PostgreSQL connection string, without its credentials. */
function serverHosts(url: string): string {
  const match = /^(?:mongodb(?:\+srv)?|postgres(?:ql)?):\/\/(?:[^@/]*@)?([^/?]*)/.exec(url);
  return match?.[1] || 'the configured address';
}

