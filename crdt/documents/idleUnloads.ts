/** What the idle sweep reads of a loaded document (`ManagedDocument`). */
export interface IdleCandidate {
  /** Open leases (live connections, `transact`, copies): while any is held the document stays loaded. */
  readonly leases: number;
  /** When it was last used, in ms of the registry's clock. */
  readonly lastUsedMs: number;
  /** Set while a sweep flushes it before unloading it. */
  readonly unloading: boolean;
}

/** The limits of `idleToUnload` (`DocumentRegistryOptions` gives them, with their defaults). */
export interface IdleUnloadLimits {
  /** A document unused for this long is unloaded whatever the pressure, in ms. */
  idleUnloadMs: number;
  /** Idle documents kept for the whole `idleUnloadMs` (the most recently used); or as many as are leased, when more. */
  keptIdleDocuments: number;
  /** How long an idle document past the kept ones stays loaded after its last use, in ms. */
  pressureUnloadMs: number;
}

/**
 * The documents an idle sweep unloads: every one with no lease unused for `idleUnloadMs`; and
 * when more idle documents are loaded than are kept (`keptIdleDocuments`, or the count of leased
 * ones when larger), the least recently used of those past the kept ones, once unused for
 * `pressureUnloadMs`. So what a process holds follows what is in use (its leased boards, as many
 * idle ones again, and those used in the last seconds), not every board used in the last
 * `idleUnloadMs`; a board whose clients come back soon is still loaded when few are idle. A
 * leased document, or one being unloaded, is never chosen.
 */
export function idleToUnload<T extends IdleCandidate>(loaded: Iterable<T>, nowMs: number, limits: IdleUnloadLimits): T[] {
  const idle: T[] = [];
  let leased = 0;
  for (const candidate of loaded) {
    if (candidate.leases > 0) leased += 1;
    else if (!candidate.unloading) idle.push(candidate);
  }
  const kept = Math.max(limits.keptIdleDocuments, leased);
  const unusedFor = (candidate: T): number => nowMs - candidate.lastUsedMs;
  if (idle.length <= kept) return idle.filter((candidate) => unusedFor(candidate) >= limits.idleUnloadMs);
  // Most recently used first: the kept ones wait for idleUnloadMs, the others only pressureUnloadMs.
  idle.sort((a, b) => b.lastUsedMs - a.lastUsedMs);
  const soonerMs = Math.min(limits.pressureUnloadMs, limits.idleUnloadMs);
  return idle.filter((candidate, rank) => unusedFor(candidate) >= (rank < kept ? limits.idleUnloadMs : soonerMs));
}
