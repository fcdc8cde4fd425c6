/** How long background work waits for a pause in the requests at most, in ms: under a load that never pauses it still advances. */
export const defaultQuietWaitMs = 50;

/**
 * Requests being handled, so background work that can wait (webhook fan-out and deliveries) yields
 * to them: `quiet()` resolves at once while no request is being handled, else once none is, one
 * waiter per event-loop turn (a request that arrives meanwhile is taken first), or after
 * `maxWaitMs` at the latest. The HTTP application calls `begin` and `end` around each request.
 */
export class ForegroundRequests {
  #handling = 0;
  readonly #waiters: (() => void)[] = [];
  #releasing = false;

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
  quiet(maxWaitMs = defaultQuietWaitMs): Promise<void> {
    if (this.#handling === 0 && this.#waiters.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      let done = false;
      const go = (): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        const at = this.#waiters.indexOf(go);
        if (at >= 0) this.#waiters.splice(at, 1);
        resolve();
      };
      const timer = setTimeout(go, maxWaitMs);
      this.#waiters.push(go);
      this.#release();
    });
  }

  /** While no request is being handled, lets the waiters go one per turn. */
  #release(): void {
    if (this.#releasing || this.#handling > 0 || this.#waiters.length === 0) return;
    this.#releasing = true;
    setImmediate(() => {
      this.#releasing = false;
      if (this.#handling > 0) return;
      this.#waiters[0]?.();
      this.#release();
    });
  }
}
