import { describe, it } from 'vitest';
import type { MongoCollectionPort, MongoDbPort } from '../../storage/mongo/driverPort.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { describeDocumentLogAcrossProcesses } from './documentLogAcrossProcesses.js';
import { MingoStandInDb } from './mingoStandIn.js';
import { freshMongoDatabases } from './realMongo.js';

// Several processes on one MongoDB database: each process is a MongoDatabase of its own (its
// own append chains, its own client), all on one database (docs/cluster.md "MongoDB as the
// shared store"). Over the mingo stand-in every
// operation yields to the event loop first, so the stores' operations interleave at operation
// boundaries as they would between processes; against a real replica set when
// BOARDS_MONGODB_URL is set (the test runner's environment, not server configuration).
const url = process.env['BOARDS_MONGODB_URL'];

/**
 * One process's connection to the shared stand-in: its log writes reach the database after a
 * varying number of event-loop turns (a seeded sequence), as replies over a network arrive in
 * no fixed order between processes. Without it the stand-in serves calls first come first served.
 */
function processView(standIn: MingoStandInDb, seed: number): MongoDbPort {
  let state = seed;
  const turns = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % 8;
  };
  return {
    command: (command) => standIn.command(command),
    collection: (name) => {
      const collection = standIn.collection(name);
      if (name !== 'doc_updates') return collection;
      const delayed: MongoCollectionPort = {
        insertOne: (...args) => collection.insertOne(...args),
        insertMany: async (...args) => {
          for (let n = turns(); n > 0; n -= 1) await new Promise((resolve) => setImmediate(resolve));
          return collection.insertMany(...args);
        },
        replaceOne: (...args) => collection.replaceOne(...args),
        findOne: (...args) => collection.findOne(...args),
        find: (...args) => collection.find(...args),
        countDocuments: (...args) => collection.countDocuments(...args),
        findOneAndUpdate: (...args) => collection.findOneAndUpdate(...args),
        updateMany: (...args) => collection.updateMany(...args),
        deleteMany: (...args) => collection.deleteMany(...args),
        createIndex: (...args) => collection.createIndex(...args),
      };
      return delayed;
    },
  };
}

describeDocumentLogAcrossProcesses('over the mingo stand-in (one in-memory database, an adapter per process)', async (count) => {
  const standIn = new MingoStandInDb();
  const dbs = Array.from({ length: count }, (_, i) => new MongoDatabase(processView(standIn, i + 1)));
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
