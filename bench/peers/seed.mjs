// Seeds a board's stored state for S4 in a peer's own persistence, then exits:
//   node seed.mjs hocuspocus <sqlite file> <document name> <update file>
//   node seed.mjs yws <leveldb dir> <document name> <update file>
import { readFileSync } from 'node:fs';

const [kind, target, name, file] = process.argv.slice(2);
const update = new Uint8Array(readFileSync(file));
if (kind === 'hocuspocus') {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const { schema, upsertQuery } = await import('@hocuspocus/extension-sqlite');
  const db = new BetterSqlite3(target);
  db.exec(schema);
  db.prepare(upsertQuery).run({ name, data: Buffer.from(update) });
  db.close();
} else if (kind === 'yws') {
  const { LeveldbPersistence } = await import('y-leveldb');
  const ldb = new LeveldbPersistence(target);
  await ldb.storeUpdate(name, update);
  await ldb.destroy();
} else {
  console.error(`seed.mjs: unknown kind ${kind}`);
  process.exit(2);
}
console.log(`BENCH ${JSON.stringify({ seeded: name, bytes: update.length })}`);
