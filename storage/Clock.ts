/** The source of the current time, injected everywhere time matters so tests can move it. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to; for tests. */
export class ManualClock implements Clock {
  #nowMs: number;

  constructor(startMs = Date.UTC(2026, 9, 1, 12, 0, 0)) {
    this.#nowMs = startMs;
  }

  now(): number {
    return this.#nowMs;
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.#nowMs += ms;
  }

  /** Sets the clock to `ms` milliseconds since the epoch. */
  set(ms: number): void {
    this.#nowMs = ms;
  }
}
