import type { Clock } from '../Clock.js';
import { systemClock } from '../Clock.js';
import type { Lease, LeaseService } from './LeaseService.js';

/**
 * The in-process lease service, the default without Redis: leases hold within this process
 * (with their TTL), which for a process alone means every lease it asks for is granted.
 */
export class LocalLeaseService implements LeaseService {
  readonly #clock: Clock;
  readonly #held = new Map<string, { token: number; expiresAtMs: number }>();
  readonly #lastToken = new Map<string, number>();

  constructor(clock: Clock = systemClock) {
    this.#clock = clock;
  }

  acquire(name: string, ttlMs: number): Promise<Lease | null> {
    const now = this.#clock.now();
    const held = this.#held.get(name);
    if (held !== undefined && held.expiresAtMs > now) return Promise.resolve(null);
    const token = (this.#lastToken.get(name) ?? 0) + 1;
    this.#lastToken.set(name, token);
    this.#held.set(name, { token, expiresAtMs: now + ttlMs });
    return Promise.resolve({ name, token });
  }

  renew(lease: Lease, ttlMs: number): Promise<boolean> {
    const now = this.#clock.now();
    const held = this.#held.get(lease.name);
    if (held === undefined || held.token !== lease.token || held.expiresAtMs <= now) return Promise.resolve(false);
    held.expiresAtMs = now + ttlMs;
    return Promise.resolve(true);
  }

  isHeld(name: string): Promise<boolean> {
    const held = this.#held.get(name);
    return Promise.resolve(held !== undefined && held.expiresAtMs > this.#clock.now());
  }

  release(lease: Lease): Promise<void> {
    if (this.#held.get(lease.name)?.token === lease.token) this.#held.delete(lease.name);
    return Promise.resolve();
  }
}
