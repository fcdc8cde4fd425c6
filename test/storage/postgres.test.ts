import { randomBytes } from 'node:crypto';
import { beforeAll } from 'vitest';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import { describePostgres } from '../helpers/postgres.js';
import { describeStorageContract } from './contract.js';

describePostgres('PostgreSQL store', (cluster) => {
  let url = '';
  let icuUrl = '';
  beforeAll(async () => {
    url = await cluster().createDatabase();
    // Strings compare in binary order whatever the database's collation: run the suite under a linguistic one too.
    icuUrl = await cluster().createDatabase("TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'");
  });

  const freshSchema = (): string => `t_${randomBytes(6).toString('hex')}`;

  describeStorageContract('PostgreSQL', async () => PostgresDatabase.connect({ url, schema: freshSchema() }));
  describeStorageContract('PostgreSQL, database with an ICU en-US collation', async () => PostgresDatabase.connect({ url: icuUrl, schema: freshSchema() }));
});
