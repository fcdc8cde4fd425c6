import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll } from 'vitest';

/**
 * Names of fresh databases on the real MongoDB at `url` (`BOARDS_MONGODB_URL`), each dropped
 * once the file's tests are done. Call it at the top level of a test file.
 */
export function freshMongoDatabases(url: string): () => string {
  const names: string[] = [];
  afterAll(async () => {
    const client = await MongoClient.connect(url);
    try {
      for (const name of names) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  });
  return () => {
    const name = `boards_test_${randomBytes(6).toString('hex')}`;
    names.push(name);
    return name;
  };
}
