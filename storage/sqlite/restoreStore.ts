import { createReadStream, createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import BetterSqlite3 from 'better-sqlite3';
import { BackupError } from './BackupError.js';
import type { BackupLayout, BackupProgress } from './backupFile.js';
import { readBackupLayout, reason, stoppable, throwIfAborted } from './backupFile.js';
import { storeFiles, syncFolder } from './backupStore.js';
import { DataDirLock } from './DataDirLock.js';
import { segmentName } from './DocumentJournal.js';
import { SqliteDatabase } from './SqliteDatabase.js';

/** Options of `restoreStore`. */
export interface RestoreStoreOptions {
  /** The backup file (`backupStore`). */
  from: string;
  /** The data folder to restore into: missing (it is created) or empty. */
  dataDir: string;
  onProgress?: BackupProgress;
  /** Stops the restore, leaving the folder as it was. */
  signal?: AbortSignal;
}

/** What was restored. */
export interface RestoreSummary {
  dataDir: string;
  boards: number;
  /** When the backup was taken (ISO 8601). */
  createdAt: string;
  /** Journal records replayed into the database. */
  journalRecords: number;
  durationMs: number;
}

/** Where the restore builds the store inside the target folder, renamed into place when whole. */
const stagingName = '.restoring';

/**
 * Restores a backup into an empty (or missing) data folder, so that a server started on it
 * serves what the backup holds. The file is checked whole first (`readBackupLayout`), before
 * anything is written. The folder's lock is held throughout, so no server starts on it meanwhile;
 * the store is built in a staging folder inside it (the database, then the journal records
 * replayed by the store's own recovery, which skips what the database already holds) and renamed
 * into place when whole. On any failure everything the restore created is removed.
 *
 * Throws BackupError `backup_invalid` (the file is not a whole backup) or `backup_refused` (the
 * folder is not empty, a server uses it, it is a file, or cannot be created).
 */
export async function restoreStore(options: RestoreStoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const dataDir = path.resolve(options.dataDir);
  const { signal } = options;
  const layout = await readBackupLayout(options.from, stoppable(options.onProgress, signal, 'restore'));
  checkEmpty(dataDir);
  let createdRoot: string | undefined;
  try {
    createdRoot = mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new BackupError('backup_refused', `Cannot create ${dataDir} (${reason(error)}).`, { cause: error });
  }
  const created: string[] = [];
  let lock: DataDirLock | undefined;
  try {
    const acquired = DataDirLock.acquire(dataDir);
    if (!(acquired instanceof DataDirLock)) throw inUse(dataDir, acquired.heldBy);
    lock = acquired;
    created.push('server.lock', 'server.lock-journal');
    const staging = path.join(dataDir, stagingName);
    created.push(stagingName);
    mkdirSync(staging);
    await build(options.from, layout, staging, signal);
    throwIfAborted(signal, 'restore');
    for (const name of [storeFiles.secret, storeFiles.database]) {
      if (name === storeFiles.secret && layout.header.secretBytes === 0) continue;
      created.push(name);
      renameSync(path.join(staging, name), path.join(dataDir, name));
    }
    rmSync(staging, { recursive: true, force: true });
    syncFolder(dataDir);
    return { dataDir, boards: layout.header.boards, createdAt: layout.header.createdAt, journalRecords: layout.header.journalRecords, durationMs: performance.now() - started };
  } catch (error) {
    lock?.release();
    if (createdRoot !== undefined) rmSync(createdRoot, { recursive: true, force: true });
    else for (const name of created) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throwIfAborted(signal, 'restore');
    throw error;
  } finally {
    lock?.release();
  }
}

/**
 * Writes the store into `staging`: the database and the server secret from the file, then the
 * journal records as a journal segment, which opening the store replays (the same recovery as
 * after a crash); then folds the WAL back so the database is one self-contained file.
 */
async function build(file: string, layout: BackupLayout, staging: string, signal: AbortSignal | undefined): Promise<void> {
  const { header } = layout;
  const database = path.join(staging, storeFiles.database);
  await copyRange(file, { start: layout.databaseAt, bytes: header.databaseBytes, signal }, database);
  if (header.secretBytes > 0) await copyRange(file, { start: layout.secretAt, bytes: header.secretBytes, signal }, path.join(staging, storeFiles.secret), 0o600);
  checkDatabase(file, database);
  if (header.journalBytes > 0) {
    const journalDir = path.join(staging, storeFiles.journal);
    mkdirSync(journalDir);
    await copyRange(file, { start: layout.journalAt, bytes: header.journalBytes, signal }, path.join(journalDir, segmentName(1)));
    const store = new SqliteDatabase({ dataDir: staging, onBackgroundError: () => undefined });
    await store.close();
  }
  const db = new BetterSqlite3(database, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/** Refuses a database the file's checksum vouched for but SQLite cannot read (a backup of a damaged store). */
function checkDatabase(file: string, database: string): void {
  let result: unknown;
  try {
    const db = new BetterSqlite3(database, { fileMustExist: true });
    try {
      result = db.pragma('quick_check', { simple: true });
    } finally {
      db.close();
    }
  } catch (error) {
    throw new BackupError('backup_invalid', `The database in ${file} cannot be read (${reason(error)}).`, { cause: error });
  }
  if (result !== 'ok') throw new BackupError('backup_invalid', `The database in ${file} is damaged (SQLite quick_check: ${String(result)}).`);
}

async function copyRange(file: string, range: { start: number; bytes: number; signal: AbortSignal | undefined }, to: string, mode = 0o644): Promise<void> {
  const { start, bytes, signal } = range;
  const streams = [createReadStream(file, { start, end: start + bytes - 1 }), createWriteStream(to, { flags: 'wx', mode, flush: true })] as const;
  await (signal === undefined ? pipeline(...streams) : pipeline(...streams, { signal }));
}

/** Refuses a folder that holds anything (a server's, or someone's files), naming the server that uses it. */
function checkEmpty(dataDir: string): void {
  let entries: string[];
  try {
    if (!statSync(dataDir).isDirectory()) throw new BackupError('backup_refused', `${dataDir} is a file, not a folder. Name a new or empty folder.`);
    entries = readdirSync(dataDir);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new BackupError('backup_refused', `Cannot read ${dataDir} (${reason(error)}).`, { cause: error });
  }
  if (entries.length === 0) return;
  const holder = DataDirLock.holder(dataDir);
  if (holder !== undefined) throw inUse(dataDir, holder.heldBy);
  if (entries.includes(stagingName)) {
    throw new BackupError('backup_refused', `${dataDir} holds what an interrupted restore left (${stagingName}); empty the folder and restore again.`);
  }
  throw new BackupError('backup_refused', `${dataDir} is not empty; a restore never mixes with existing files. Name a new or empty folder.`);
}

function inUse(dataDir: string, heldBy: number | null): BackupError {
  const holder = heldBy === null ? 'a running Boards server' : `a running Boards server (process ${heldBy})`;
  return new BackupError('backup_refused', `${dataDir} is in use by ${holder}. Restore into a new folder, or stop that server and empty the folder.`);
}
