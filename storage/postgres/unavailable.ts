import type { Pool } from 'pg';
import { StorageError, asError } from '../errors.js';

/** Node's socket errors of a server that is down, restarting or unreachable. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server that shuts down, crashed, is starting, or has no connection left (class 08 is tested apart). */
const serverStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** Whether `error` says PostgreSQL cannot be reached or dropped the connection (not that a statement failed). */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (socketCodes.has(code) || serverStates.has(code) || code.startsWith('08'))) return true;
  // pg's own messages for a connection that ended or could not be opened in time.
  return /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(error.message);
}

/** `error` as `storage_unavailable` when PostgreSQL is away; any other error unchanged. */
export function unavailableOr(error: unknown): unknown {
  if (error instanceof StorageError || !isUnavailable(error)) return error;
  return new StorageError('storage_unavailable', `PostgreSQL is unavailable: ${asError(error).message}`, { cause: error });
}

/**
 * Makes the pool's `query` and `connect` reject with `storage_unavailable` while PostgreSQL is
 * away, so that callers answer 503 rather than an internal error; statement errors are untouched.
 */
export function guardPool(pool: Pool): Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<unknown> | undefined;
  Object.assign(pool, {
    query: (...args: unknown[]) =>
      query(...args).catch((error: unknown) => {
        throw unavailableOr(error);
      }),
    // With a callback (as the pool's own `query` calls it) it stays pg's.
    connect: (...args: unknown[]) =>
      args.length > 0
        ? connect(...args)
        : connect()?.catch((error: unknown) => {
            throw unavailableOr(error);
          }),
  });
  return pool;
}
