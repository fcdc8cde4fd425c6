import { z } from 'zod';
import { trustedProxyEntryProblem } from '../net/TrustedProxies.js';
import type { Parsed } from './readers.js';

/** The variables of running several processes behind a load balancer (docs/cluster.md). */
export const clusterVariables = {
  BOARDS_REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379' }).optional(),
  BOARDS_TRUSTED_PROXIES: z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''))
    .superRefine((entries, ctx) => {
      for (const entry of entries) {
        const problem = trustedProxyEntryProblem(entry);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: `must list IP addresses or CIDR ranges such as 127.0.0.1,10.0.0.0/8: ${problem}` });
      }
    })
    .optional(),
};

/** Several processes and the balancer in front of them (part of `Config`). */
export interface ClusterConfig {
  /**
   * `BOARDS_REDIS_URL`: the Redis that several server processes sharing one store use between them
   * (live updates and awareness, leases on background work, shared rate limits; docs/cluster.md).
   * Null (default): this process alone, everything in-process, and Redis is never loaded.
   */
  readonly redisUrl: string | null;
  /**
   * `BOARDS_TRUSTED_PROXIES`: addresses and CIDR ranges of the proxies in front of the server (a
   * load balancer such as deploy/nginx.conf). Their `X-Forwarded-For` names the client, so the
   * per-address limits count clients, not the proxy. Empty (default): the header is ignored.
   */
  readonly trustedProxies: readonly string[];
}

/** The cluster settings of parsed variables. */
export function clusterConfig(e: Parsed<typeof clusterVariables>): ClusterConfig {
  return { redisUrl: e.BOARDS_REDIS_URL ?? null, trustedProxies: Object.freeze(e.BOARDS_TRUSTED_PROXIES ?? []) };
}
