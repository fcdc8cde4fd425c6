import type { Logger } from 'pino';
import type { Clock, ClusterPorts } from '../storage/index.js';
import { localCluster, openRedisCluster } from '../storage/index.js';
import type { Config } from './config.js';
import { StartupError } from './StartupError.js';

/**
 * What this process shares with the others: Redis when `BOARDS_REDIS_URL` is set (throws
 * `StartupError` naming it when Redis cannot be reached), else the in-process defaults.
 */
export async function openCluster(config: Config, clock: Clock, logger: Logger): Promise<ClusterPorts> {
  if (config.redisUrl === null) return localCluster(clock);
  try {
    return await openRedisCluster({
      url: config.redisUrl,
      // The store stays the truth: a lost message is caught up from it, so a failure is only logged.
      onError: (error, context) => logger.warn({ err: error }, `Redis: ${context} failed`),
    });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new StartupError('BOARDS_REDIS_URL', `Cannot connect to Redis at ${redisHost(config.redisUrl)} (BOARDS_REDIS_URL): ${reason}`, { cause: error });
  }
}

/** The host and port of a Redis URL, without its credentials. */
function redisHost(url: string): string {
  const parsed = new URL(url);
  return parsed.host || 'the configured address';
}
