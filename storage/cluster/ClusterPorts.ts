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
  readonly bus: UpdateBus;
  readonly leases: LeaseService;
  readonly rateLimiters: RateLimiterFactory;
  /** Closes the connections it opened. */
  close(): Promise<void>;
}

/** The in-process defaults: a bus nobody else hears, leases always granted to this process, limits counted here. */
export function localCluster(clock?: Clock, bus: UpdateBus = new LocalUpdateBus()): ClusterPorts {
  return {
    kind: 'local',
    bus,
    leases: new LocalLeaseService(clock),
    rateLimiters: localRateLimiters,
    close: () => bus.close(),
  };
}
