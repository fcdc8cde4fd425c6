import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Lease, LeaseService } from '../cluster/LeaseService.js';

/**
 * Takes the lease when its key is free: the fencing counter goes up by one and the key holds
 * `<holder>:<token>` for the TTL (SET NX PX in effect, with the counter in the same atomic step).
 */
const acquireScript = `
if redis.call('exists', KEYS[1]) == 1 then return 0 end
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

/** Leases in Redis: a key per name with a TTL, a fencing counter per name that never goes down. */
export class RedisLeaseService implements LeaseService {
  readonly #redis: Redis;
  readonly #prefix: string;
  /** Identifies this service's leases among every process's. */
  readonly #holder = randomUUID();

  constructor(redis: Redis, options: { prefix: string }) {
    this.#redis = redis;
    this.#prefix = options.prefix;
  }

  async acquire(name: string, ttlMs: number): Promise<Lease | null> {
    const token = Number(await this.#redis.eval(acquireScript, 2, this.#key(name), `${this.#key(name)}:fence`, this.#holder, String(Math.max(1, Math.ceil(ttlMs)))));
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
