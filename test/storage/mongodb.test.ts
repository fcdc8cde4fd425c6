import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe } from 'vitest';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { describeStorageContract } from './contract.js';

// The test runner's environment, not server configuration: server code reads it only through server/config.ts.
const url = process.env['BOARDS_MONGODB_URL'];

if (url) {
  const databaseNames: string[] = [];

  afterAll(async () => {
    const client = await MongoClient.connect(url);
    try {
      for (const name of databaseNames) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  });

  describeStorageContract('real MongoDB (BOARDS_MONGODB_URL)', async () => {
    const name = `boards_test_${randomBytes(6).toString('hex')}`;
    databaseNames.push(name);
    return MongoDatabase.connect(url, name);
  });
} else {
  describe.skip('storage contract: real MongoDB — skipped because BOARDS_MONGODB_URL is not set', () => {
    describeStorageContract('real MongoDB', async () => {
      throw new Error('BOARDS_MONGODB_URL is not set');
    });
  });
}
