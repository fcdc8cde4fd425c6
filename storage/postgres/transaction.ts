import type { Pool, PoolClient } from 'pg';
import { unavailableOr } from './unavailable.js';

/**
 * Runs `fn` in a transaction on a connection of its own, opened by `begin` (`BEGIN` with any
 * isolation level); commits, or rolls back and rethrows. A connection whose rollback fails is
 * closed rather than given back to the pool. A dropped connection rejects with `storage_unavailable`.
 */
export async function inTransaction<R>(pool: Pool, begin: string, fn: (client: PoolClient) => Promise<R>): Promise<R> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    // A dropped connection is storage_unavailable, never an acknowledgement.
    throw unavailableOr(error);
  } finally {
    client.release(broken);
  }
}
