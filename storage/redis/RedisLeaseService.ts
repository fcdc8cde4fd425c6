import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Lease, LeaseService } from '../cluster/LeaseService.js';

/**
 * Takes the lease when its key is free, or when it is held by a server process whose liveness
 * lease (`process:<id>`) has lapsed: the process died, and its singleton work need not wait for
 * the rest of the TTL. The fencing counter goes up by one and the key holds `<holder>:<token>`
 * for the TTL (SET NX PX in effect, with the counter in the same atomic step). The holder of a
 * server process is `+<process id>`; other holders (a random id) are never taken over. A server
 * process without its own liveness lease (Redis restarted empty, and its renewal has not come
 * yet) takes no lease: the others would take it over at once.
 * ARGV: the new value's holder, the TTL, this holder, the key prefix of liveness leases.
 * (The liveness key is read without being declared in KEYS: one Redis, not Redis Cluster.)
 */
const acquireScript = `
if string.sub(ARGV[3], 1, 1) == '+' then
  local own = ARGV[4] .. string.sub(ARGV[3], 2)
  if KEYS[1] ~= own and redis.call('exists', own) == 0 then return 0 end
end
local current = redis.call('get', KEYS[1])
if current then
  local holder = string.match(current, '^%+(.+):%d+$')
  if holder == nil or '+' .. holder == ARGV[3] or redis.call('exists', ARGV[4] .. holder) == 1 then return 0 end
end
local token = redis.call('incr', KEYS[2])
redis.call('set', KEYS[1], ARGV[1] .. ':' .. token, 'PX', ARGV[2])
return token`;

/** Compare-and-expire: only the holder's own value gets more time. */
const renewScript = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
return 0`;

/** Compare-and-delete: a holder whose lease ran out never deletes the next holder's. */
const releaseScript = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;

/**
 * Leases in Redis: a key per name with a TTL, a fencing counter per name that never goes down.
 * Given the server process's id (whose liveness lease `process:<id>` it holds while it runs, see
 * `ProcessLiveness`), its leases are taken over as soon as that liveness lapses.
 */
export class RedisLeaseService implements LeaseService {
  readonly #redis: Redis;
  readonly #prefix: string;
  /** Identifies this service's leases among every process's: `+<process id>`, or a random id. */
  readonly #holder: string;

  constructor(redis: Redis, options: { prefix: string; processId?: string | undefined }) {
    this.#redis = redis;
    this.#prefix = options.prefix;
    this.#holder = options.processId === undefined ? randomUUID() : `+${options.processId}`;
  }

  async acquire(name: string, ttlMs: number): Promise<Lease | null> {
    const ttl = String(Math.max(1, Math.ceil(ttlMs)));
    const token = Number(await this.#redis.eval(acquireScript, 2, this.#key(name), `${this.#key(name)}:fence`, this.#holder, ttl, this.#holder, this.#key('process:')));
    return token > 0 ? { name, token } : null;
  }

  async renew(lease: Lease, ttlMs: number): Promise<boolean> {
    return Number(await this.#redis.eval(renewScript, 1, this.#key(lease.name), this.#value(lease), String(Math.max(1, Math.ceil(ttlMs))))) === 1;
  }

  async release(lease: Lease): Promise<void> {
    await this.#redis.eval(releaseScript, 1, this.#key(lease.name), this.#value(lease));
  }

  async isHeld(name: string): Promise<boolean> {
    return (await this.#redis.exists(this.#key(name))) === 1;
  }

  #key(name: string): string {
    return `${this.#prefix}lease:${name}`;
  }

  #value(lease: Lease): string {
    return `${this.#holder}:${lease.token}`;
  }
}
