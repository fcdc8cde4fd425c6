import type BetterSqlite3 from 'better-sqlite3';

/**
 * The pragmas every connection to the store's file uses: WAL (readers never block the writer),
 * the chosen fsync policy, and a busy timeout so the server's connection and the document
 * worker's connection wait for each other's write lock instead of failing.
 */
export function configureConnection(db: BetterSqlite3.Database, synchronous: 'full' | 'normal'): void {
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
}
