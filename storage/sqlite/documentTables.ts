import type BetterSqlite3 from 'better-sqlite3';

/**
 * Creates the tables of board documents, upgrades those of an earlier layout, and (when this
 * process owns the documents, `owner`) removes snapshot parts no snapshot uses: `doc_log` the
 * append-only log, `doc_snapshots` the compacted state, `doc_snapshot_parts` the parts of a
 * snapshot too large to write in one turn.
 */
export function openDocumentTables(db: BetterSqlite3.Database, owner: boolean): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS doc_log (doc_id TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (doc_id, seq)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS doc_snapshots (doc_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, data BLOB NOT NULL, parts TEXT, gen INTEGER, fence INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS doc_snapshot_parts (doc_id TEXT NOT NULL, gen INTEGER NOT NULL, idx INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (doc_id, gen, idx));
  `);
  migrateGlobalLog(db);
  addSnapshotColumns(db);
  if (owner) removeUnusedParts(db);
}

/**
 * Moves a log of the first layout (`doc_updates`: one global AUTOINCREMENT sequence and a
 * secondary index, three pages written per append) into `doc_log`, in one transaction. The
 * global numbers grow within each document, so they keep their order and stay above the
 * document's snapshot number.
 */
function migrateGlobalLog(db: BetterSqlite3.Database): void {
  const old = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'doc_updates'").get();
  if (old === undefined) return;
  db.transaction(() => {
    db.exec('INSERT INTO doc_log (doc_id, seq, data) SELECT doc_id, seq, data FROM doc_updates; DROP TABLE doc_updates;');
  }).immediate();
}

/**
 * Adds the columns of `doc_snapshots` a store made before them lacks: `parts` (the part sizes
 * of a snapshot stored in parts) and `gen` (the generation of its rows in `doc_snapshot_parts`).
 */
function addSnapshotColumns(db: BetterSqlite3.Database): void {
  const columns = db.prepare('PRAGMA table_info(doc_snapshots)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'parts')) db.exec('ALTER TABLE doc_snapshots ADD COLUMN parts TEXT');
  if (!columns.some((column) => column.name === 'gen')) db.exec('ALTER TABLE doc_snapshots ADD COLUMN gen INTEGER');
  if (!columns.some((column) => column.name === 'fence')) db.exec('ALTER TABLE doc_snapshots ADD COLUMN fence INTEGER NOT NULL DEFAULT 0');
}

/** Deletes parts no snapshot points at: those of a compaction a crash stopped, or of one replaced before they were all freed. */
function removeUnusedParts(db: BetterSqlite3.Database): void {
  db.prepare(
    'DELETE FROM doc_snapshot_parts WHERE NOT EXISTS (SELECT 1 FROM doc_snapshots s WHERE s.doc_id = doc_snapshot_parts.doc_id AND s.gen = doc_snapshot_parts.gen)',
  ).run();
}
