import { describe } from 'vitest';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { describeStorageContract } from './contract.js';
import { freshMongoDatabases } from './realMongo.js';

// The test runner's environment, not server configuration: server code reads it only through server/config.ts.
const url = process.env['BOARDS_MONGODB_URL'];

if (url) {
  const freshName = freshMongoDatabases(url);
  describeStorageContract('real MongoDB (BOARDS_MONGODB_URL)', async () => MongoDatabase.connect(url, freshName()));
} else {
  describe.skip('storage contract: real MongoDB — skipped because BOARDS_MONGODB_URL is not set', () => {
    describeStorageContract('real MongoDB', async () => {
      throw new Error('BOARDS_MONGODB_URL is not set');
    });
  });
}
