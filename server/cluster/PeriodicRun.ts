/**
 * A piece of background work run every `intervalMs` and on demand, one run at a time: a run
 * asked for while one is under way gets that one's result. The timer does not keep the process
 * alive; a run that fails is reported to `onError`.
 */
export class PeriodicRun<T> {
  readonly #run: () => Promise<T>;
  readonly #intervalMs: number;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<T> | null = null;

  constructor(run: () => Promise<T>, intervalMs: number, onError: (error: unknown) => void) {
    this.#run = run;
    this.#intervalMs = intervalMs;
    this.#onError = onError;
  }

  /** Runs every `intervalMs` from now. Idempotent. */
  start(): void {
    this.#timer ??= setInterval(() => {
      this.runDue().catch((error: unknown) => this.#onError(error));
    }, this.#intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** Runs now, or joins the run under way. */
  runDue(): Promise<T> {
    this.#running ??= this.#run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }
}
