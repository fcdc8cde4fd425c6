import { describe, it } from 'vitest';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { describeDocumentLogAcrossProcesses } from './documentLogAcrossProcesses.js';
import { MingoStandInDb } from './mingoStandIn.js';
import { mongoProcessView } from './mongoProcessView.js';
import { freshMongoDatabases } from './realMongo.js';

// Several processes on one MongoDB database: each process is a MongoDatabase of its own (its
// own append chains, its own client), all on one database (docs/cluster.md "MongoDB as the
// shared store"). Over the mingo stand-in every
// operation yields to the event loop first, so the stores' operations interleave at operation
// boundaries as they would between processes; against a real replica set when
// BOARDS_MONGODB_URL is set (the test runner's environment, not server configuration).
const url = process.env['BOARDS_MONGODB_URL'];

describeDocumentLogAcrossProcesses('over the mingo stand-in (one in-memory database, an adapter per process)', async (count) => {
  const standIn = new MingoStandInDb();
  const dbs = Array.from({ length: count }, (_, i) => new MongoDatabase(mongoProcessView(standIn, i + 1)));
  return { dbs, close: async () => void (await Promise.all(dbs.map((db) => db.close()))) };
}, it);

if (url) {
  const freshName = freshMongoDatabases(url);
  describeDocumentLogAcrossProcesses('real MongoDB (BOARDS_MONGODB_URL)', async (count) => {
    const name = freshName();
    const dbs = await Promise.all(Array.from({ length: count }, () => MongoDatabase.connect(url, name)));
    return { dbs, close: async () => void (await Promise.all(dbs.map((db) => db.close()))) };
  }, it);
} else {
  describe.skip('document log across processes: real MongoDB — skipped because BOARDS_MONGODB_URL is not set (docs/cluster.md)', () => {
    describeDocumentLogAcrossProcesses('real MongoDB', async () => {
      throw new Error('BOARDS_MONGODB_URL is not set');
    }, it.skip);
  });
}
