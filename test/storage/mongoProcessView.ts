import type { MongoCollectionPort, MongoDbPort } from '../../storage/mongo/driverPort.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { MingoStandInDb } from './mingoStandIn.js';

/**
 * One process's connection to a shared stand-in: its document log writes reach the database
 * after a varying number of event-loop turns (a seeded sequence), as replies over a network
 * arrive in no fixed order between processes. Without it the stand-in serves calls first come
 * first served.
 */
export function mongoProcessView(standIn: MingoStandInDb, seed: number): MongoDbPort {
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

/**
 * Two processes' MongoDB stores on one database: each opener gives a `MongoDatabase` of its own
 * (its own append chains) over one mingo stand-in, through `mongoProcessView`.
 */
export function mongoStandInPair(): [() => Promise<MongoDatabase>, () => Promise<MongoDatabase>] {
  const standIn = new MingoStandInDb();
  return [async () => new MongoDatabase(mongoProcessView(standIn, 1)), async () => new MongoDatabase(mongoProcessView(standIn, 2))];
}
