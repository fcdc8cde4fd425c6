import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

const lockFile = 'server.lock';
const pidFile = 'server.pid';

/**
 * Marks a data folder as served by one process. The lock is an exclusive SQLite lock on
 * `<dataDir>/server.lock`, which the operating system drops when the process ends, even by
 * `kill -9`: a lock left by a crashed server is never stale. `server.pid` beside it names the
 * holder for the message of the next server that tries.
 */
export class DataDirLock {
  readonly #db: BetterSqlite3.Database;
  readonly #dir: string;
  #released = false;

  private constructor(db: BetterSqlite3.Database, dir: string) {
    this.#db = db;
    this.#dir = dir;
  }

  /**
   * Takes the folder's lock (creating the folder); `{ heldBy }` (the holder's process id, when
   * known) while another live process holds it. Throws when the folder cannot be created or written.
   */
  static acquire(dir: string): DataDirLock | { heldBy: number | null } {
    mkdirSync(dir, { recursive: true });
    const db = new BetterSqlite3(path.join(dir, lockFile), { timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return { heldBy: readPid(dir) };
      throw error;
    }
    writeFileSync(path.join(dir, pidFile), `${process.pid}\n`);
    return new DataDirLock(db, dir);
  }

  /**
   * Whether a live process holds the folder's lock, without taking it and without creating
   * anything: `{ heldBy }` (the holder's process id, when known) while one does, undefined otherwise.
   */
  static holder(dir: string): { heldBy: number | null } | undefined {
    let db: BetterSqlite3.Database;
    try {
      db = new BetterSqlite3(path.join(dir, lockFile), { timeout: 0, fileMustExist: true });
    } catch {
      // No lock file: no server ever used the folder.
      return undefined;
    }
    try {
      db.exec('BEGIN EXCLUSIVE');
      db.exec('ROLLBACK');
      return undefined;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return { heldBy: readPid(dir) };
      throw error;
    } finally {
      db.close();
    }
  }

  /** Lets the next server open the folder. Idempotent. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    rmSync(path.join(this.#dir, pidFile), { force: true });
    this.#db.close();
  }
}

function readPid(dir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dir, pidFile), 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
