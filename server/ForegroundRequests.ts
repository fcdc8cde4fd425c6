/** How often background work held back by requests is looked at, in ms. */
export const defaultStepMs = 5;


/**
 * Requests being handled, so background work that can wait (webhook fan-out and deliveries)
 * gives way to them. `quiet()` resolves at once while no request is being handled; else once none
 * is, one waiter per event-loop turn (a request that arrives meanwhile goes first). While requests
 * are in flight, one waiter goes every `stepMs`: under a load that never pauses (or a request that
 * waits long for a provider), background work still advances, a step per `stepMs`, and a request
 * finds at most one step ahead of it whenever its own work resumes. The HTTP application calls `begin` and `end` around each request.
 */
export class ForegroundRequests {
  #handling = 0;
  readonly #waiters: (() => void)[] = [];
  #releasing = false;
  #guard: NodeJS.Timeout | null = null;
  readonly #stepMs: number;

  constructor(stepMs = defaultStepMs) {
    this.#stepMs = stepMs;
  }

  /** A request started. */
  begin(): void {
    this.#handling += 1;
  }

  /** A request ended (answered, failed or dropped). */
  end(): void {
    this.#handling = Math.max(0, this.#handling - 1);
    this.#release();
  }

  /** Requests being handled now. */
  get handling(): number {
    return this.#handling;
  }

  /** Resolves when background work may take its next step (see the class). */
  quiet(): Promise<void> {
    if (this.#handling === 0 && this.#waiters.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.#waiters.push(resolve);
      this.#release();
      this.#arm();
    });
  }

  /** While no request is being handled, lets the waiters go one per turn. */
  #release(): void {
    if (this.#releasing || this.#handling > 0 || this.#waiters.length === 0) return;
    this.#releasing = true;
    setImmediate(() => {
      this.#releasing = false;
      if (this.#handling > 0) return;
      this.#waiters.shift()?.();
      this.#release();
    });
  }

  /** While waiters are held back, looks at the event loop every step (see the class). */
  #arm(): void {
    if (this.#guard !== null) return;
    this.#guard = setTimeout(() => {
      this.#guard = null;
      if (this.#handling > 0) this.#waiters.shift()?.();
      if (this.#waiters.length > 0) this.#arm();
    }, this.#stepMs);
  }
}
