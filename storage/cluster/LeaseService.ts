/** A lease held on a name until `expiresAtMs` unless renewed. */
export interface Lease {
  readonly name: string;
  /**
   * Fencing token: strictly greater than that of every earlier lease on the name, so a store
   * can refuse the writes of a holder whose lease ran out while it was paused.
   */
  readonly token: number;
}

/**
 * Named leases with a time to live, so that one process of several runs a piece of singleton
 * work (a sweep, a dispatcher, a compaction) at a time. A lease that is not renewed ends by
 * itself after its TTL: a process that dies never blocks the others for longer.
 */
export interface LeaseService {
  /** Takes the lease on `name` for `ttlMs` when nobody holds it; null when another holder does. */
  acquire(name: string, ttlMs: number): Promise<Lease | null>;
  /** Extends a held lease by `ttlMs` from now; false when it was lost (expired, taken by another). */
  renew(lease: Lease, ttlMs: number): Promise<boolean>;
  /** Gives a held lease back at once; nothing when it was already lost. */
  release(lease: Lease): Promise<void>;
  /** Whether anyone holds the lease on `name` now. */
  isHeld(name: string): Promise<boolean>;
}
