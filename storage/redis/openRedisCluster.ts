import type { Redis } from 'ioredis';
import { StorageError } from '../errors.js';
import type { ClusterPorts } from '../cluster/ClusterPorts.js';
import type { BusErrorReporter } from './RedisUpdateBus.js';
import { RedisUpdateBus } from './RedisUpdateBus.js';
import { RedisLeaseService } from './RedisLeaseService.js';
import { redisRateLimiters } from './redisRateLimiters.js';

/** Options of `openRedisCluster`. */
export interface RedisClusterOptions {
  /** `redis://` or `rediss://` URL. */
  readonly url: string;
  /** Prefix of every key and channel, so several services can share one Redis; default `boards:`. */
  readonly prefix?: string;
  /** Told what failed on the bus (lossy by contract: nothing waits for it). */
  readonly onError: BusErrorReporter;
  /** How long the first connection may take, in ms; default 5 s. */
  readonly connectTimeoutMs?: number;
}

/** Reconnects keep trying, a little slower each time, at most a second apart: Redis coming back is picked up within a second. */
const retryStrategy = (attempt: number): number => Math.min(50 * attempt, 1000);

/**
 * Connects to Redis and returns the update bus, leases and rate limiters over it. ioredis is
 * loaded here, on first use, so a server without Redis never loads it. Throws
 * `storage_unavailable` when Redis cannot be reached now (a wrong URL should fail the start, not
 * degrade it); later outages are retried forever in the background.
 */
export async function openRedisCluster(options: RedisClusterOptions): Promise<ClusterPorts> {
  // Through `default`, ioredis's `module.exports`: in the server's bundle a CommonJS package
  // imported when needed has that alone, without the named exports Node adds beside it.
  const { Redis } = (await import('ioredis')).default;
  const prefix = options.prefix ?? 'boards:';
  const connectTimeout = options.connectTimeoutMs ?? 5000;
  const probe = new Redis(options.url, { lazyConnect: true, connectTimeout, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new StorageError('storage_unavailable', `Cannot connect to Redis: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    probe.disconnect();
  }
  const open = (): Redis => new Redis(options.url, { connectTimeout, retryStrategy, maxRetriesPerRequest: 2 });
  const clients: Redis[] = [open(), open()];
  const [commands, subscriber] = clients as [Redis, Redis];
  let lastError = '';
  for (const client of clients) {
    client.on('error', (error: Error) => {
      // One report per distinct failure: a Redis that is down fails every reconnect the same way.
      if (error.message === lastError) return;
      lastError = error.message;
      options.onError(error, 'the Redis connection');
    });
    client.on('ready', () => {
      lastError = '';
    });
  }
  // Ready before use: a rate limiter asked before then would count in this process alone.
  await Promise.all(clients.map((client) => (client.status === 'ready' ? undefined : new Promise<void>((resolve) => client.once('ready', () => resolve())))));
  const bus = new RedisUpdateBus(commands, subscriber, { prefix, onError: options.onError });
  return {
    kind: 'redis',
    shared: true,
    bus,
    // Leases of this process are taken over once its liveness lease (`process:<bus.processId>`) lapses.
    leases: new RedisLeaseService(commands, { prefix, processId: bus.processId }),
    rateLimiters: redisRateLimiters(commands, { prefix }),
    close: async () => {
      await bus.close();
      // QUIT waits for a reply, which a Redis that is down never sends.
      await Promise.all(clients.map((client) => (client.status === 'ready' ? client.quit().then(() => undefined, () => client.disconnect()) : client.disconnect())));
    },
  };
}
