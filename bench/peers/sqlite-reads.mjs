// Preload (`node --import`) for our server: counts reads of board documents from its SQLite
// store (the statement that reads a snapshot with its data, which every load runs once) and prints
// `BENCH {"storageReads":n}` after each. BENCH_REQUIRE_FROM is a file path inside the project
// whose better-sqlite3 must be patched (module resolution starts there).
import { createRequire } from 'node:module';

const require = createRequire(process.env.BENCH_REQUIRE_FROM ?? import.meta.url);
const Database = require('better-sqlite3');
const probe = new Database(':memory:');
const Statement = Object.getPrototypeOf(probe.prepare('SELECT 1'));
probe.close();
let storageReads = 0;
/** Whether each statement is the snapshot read, decided once per statement: a test per call cost our server CPU the peers do not pay. */
const isSnapshotRead = new WeakMap();
for (const method of ['get', 'all']) {
  const original = Statement[method];
  Statement[method] = function countedRead(...args) {
    let snapshotRead = isSnapshotRead.get(this);
    if (snapshotRead === undefined) {
      // The snapshot read with its data (columns after `data` vary with the store's version).
      snapshotRead = /^\s*SELECT\s+seq,\s*data\b[^;]*?\bFROM\s+"?doc_snapshots"?/i.test(this.source);
      isSnapshotRead.set(this, snapshotRead);
    }
    if (snapshotRead) {
      storageReads += 1;
      console.error(`BENCH ${JSON.stringify({ storageReads })}`);
    }
    return original.apply(this, args);
  };
}
