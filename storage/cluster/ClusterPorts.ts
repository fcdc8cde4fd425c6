import type { Clock } from '../Clock.js';
import type { LeaseService } from './LeaseService.js';
import { LocalLeaseService } from './LocalLeaseService.js';
import { LocalUpdateBus } from './LocalUpdateBus.js';
import type { RateLimiterFactory } from './RateLimiterFactory.js';
import { localRateLimiters } from './RateLimiterFactory.js';
import type { UpdateBus } from './UpdateBus.js';

/** What the processes of one service share besides the store: the update bus, leases and rate limits. */
export interface ClusterPorts {
  /** `local` (one process, the default) or `redis`. */
  readonly kind: string;
  /** Whether other processes may hold the same boards (their copies are then kept in step over the bus). */
  readonly shared: boolean;
  readonly bus: UpdateBus;
  readonly leases: LeaseService;
  readonly rateLimiters: RateLimiterFactory;
  /** Closes the connections it opened. */
  close(): Promise<void>;
}

/**
 * The in-process defaults: a bus nobody else hears, leases always granted to this process, limits
 * counted here. Given a bus (a `LocalUpdateBus` on a network other servers of this process share),
 * boards are kept in step with them over it.
 */
export function localCluster(clock?: Clock, sharedBus?: UpdateBus): ClusterPorts {
  const bus = sharedBus ?? new LocalUpdateBus();
  return {
    kind: 'local',
    shared: sharedBus !== undefined,
    bus,
    leases: new LocalLeaseService(clock),
    rateLimiters: localRateLimiters,
    close: () => bus.close(),
  };
}
