import { closeSync, fsyncSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { boardCollections } from '../schema/boards.js';
import { BackupError } from './BackupError.js';
import type { BackupProgress } from './backupFile.js';
import { reason, stoppable, throwIfAborted, writeBackupFile } from './backupFile.js';
import { JournalCut } from './JournalCut.js';

/** Options of `backupStore`. */
export interface BackupStoreOptions {
  /** The data folder of the store (`BOARDS_DATA_DIR`); a server may be serving it. */
  dataDir: string;
  /** The backup file to create; its folder must exist and the file must not. */
  to: string;
  /** Database pages copied per step (one event-loop turn). Default 1000 (4 MB of 4 KB pages). */
  pagesPerStep?: number;
  onProgress?: BackupProgress;
  /** Stops the backup, leaving nothing behind. */
  signal?: AbortSignal;
}

/** What a backup holds. */
export interface BackupSummary {
  file: string;
  boards: number;
  /** Size of the backup file. */
  bytes: number;
  journalRecords: number;
  durationMs: number;
}

/** The files of the data folder a backup reads. */
export const storeFiles = { database: 'boards.sqlite', journal: 'journal', secret: 'session-secret' } as const;

/**
 * Takes a consistent online backup of the embedded store in `dataDir` into one file (format:
 * `backupFile.ts`) while a server may be writing to it. The database is copied with SQLite's
 * online backup API inside one read transaction, so the copy is the database as it was at one
 * instant (a reader in WAL mode never blocks the server's writers, and the copy never restarts
 * because they wrote); the journal of document appends not yet moved into the database is cut
 * at that instant too (`JournalCut`). Everything acknowledged before the backup started is in
 * the file. It is written under a temporary name beside `to` and renamed when whole: `to` is
 * never seen half-written. Throws BackupError `backup_refused` when `to` exists, its folder does
 * not, or there is no store in `dataDir`.
 */
export async function backupStore(options: BackupStoreOptions): Promise<BackupSummary> {
  const started = performance.now();
  const createdAt = new Date().toISOString();
  const to = path.resolve(options.to);
  const folder = path.dirname(to);
  checkTarget(to, folder);
  const databaseFile = path.join(options.dataDir, storeFiles.database);
  if (!isFile(databaseFile)) throw new BackupError('backup_refused', `There is no store to back up in ${options.dataDir}: ${storeFiles.database} is missing. Check BOARDS_DATA_DIR.`);
  let work: string;
  try {
    work = mkdtempSync(path.join(folder, `.${path.basename(to)}.partial-`));
  } catch (error) {
    throw new BackupError('backup_refused', `Cannot write into ${folder} (${reason(error)}).`, { cause: error });
  }
  try {
    const copy = path.join(work, storeFiles.database);
    const journal = await copyAtOneInstant(databaseFile, path.join(options.dataDir, storeFiles.journal), copy, options);
    const boards = countBoards(copy);
    const secret = readSecret(path.join(options.dataDir, storeFiles.secret));
    const header = { createdAt, boards, secretBytes: secret.byteLength, databaseBytes: statSync(copy).size, journalBytes: journal.bytes.byteLength, journalRecords: journal.records };
    const partial = path.join(work, 'backup');
    const bytes = await writeBackupFile(partial, { header, secret, databaseFile: copy, journal: journal.bytes }, stoppable(options.onProgress, options.signal, 'backup')).catch(
      (error: unknown) => {
        if (error instanceof BackupError) throw error;
        throw new BackupError('backup_refused', `Cannot write the backup into ${folder} (${reason(error)}).`, { cause: error });
      },
    );
    throwIfAborted(options.signal, 'backup');
    checkTarget(to, folder);
    renameSync(partial, to);
    syncFolder(folder);
    return { file: to, boards, bytes, journalRecords: journal.records, durationMs: performance.now() - started };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Copies the database into `copy` and cuts the journal, both as of one instant: the journal's
 * segments are held first, then a read transaction fixes the database's snapshot, then the
 * journal is cut; the copy runs in steps inside that transaction.
 */
async function copyAtOneInstant(databaseFile: string, journalDir: string, copy: string, options: BackupStoreOptions): Promise<{ bytes: Buffer; records: number }> {
  throwIfAborted(options.signal, 'backup');
  const progress = stoppable(options.onProgress, options.signal, 'backup');
  const held = JournalCut.hold(journalDir);
  let db: BetterSqlite3.Database | undefined;
  try {
    db = new BetterSqlite3(databaseFile, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN');
    // The first read starts the transaction: its snapshot is what the backup copies.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const journal = held.cut();
    const pagesPerStep = options.pagesPerStep ?? 1000;
    await db.backup(copy, {
      progress: ({ totalPages, remainingPages }) => {
        progress({ step: 'database', done: totalPages - remainingPages, total: totalPages });
        return pagesPerStep;
      },
    });
    db.exec('COMMIT');
    return journal;
  } catch (error) {
    if (error instanceof BackupError || options.signal?.aborted) throw error;
    throw new BackupError('backup_refused', `Cannot back up ${databaseFile} (${reason(error)}).`, { cause: error });
  } finally {
    held.close();
    db?.close();
  }
}

/** Board records in the database copy (0 when the store never held one). */
function countBoards(file: string): number {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const table = `c_${boardCollections.boards.name}`;
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
    return exists === undefined ? 0 : (db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number);
  } finally {
    db.close();
  }
}

/** The server secret the data folder keeps when `BOARDS_SESSION_SECRET` is not set; empty when it has none. */
function readSecret(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
    throw error;
  }
}

function checkTarget(to: string, folder: string): void {
  let folderStat;
  try {
    folderStat = statSync(folder);
  } catch (error) {
    throw new BackupError('backup_refused', `The folder of ${to} does not exist (${reason(error)}). Create it first.`, { cause: error });
  }
  if (!folderStat.isDirectory()) throw new BackupError('backup_refused', `${folder} is not a folder.`);
  if (exists(to)) throw new BackupError('backup_refused', `${to} already exists; a backup never replaces a file. Choose a new name.`);
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Makes a rename in `folder` survive power loss. */
export function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
