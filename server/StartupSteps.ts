/**
 * How long each step of a server's start-up took, in milliseconds and in order, for the
 * `listening` log line: the first step counts from the start of the process (loading the
 * command's modules), each later one from the end of the one before.
 */
export class StartupSteps {
  readonly #durations: Record<string, number> = {};
  #last = 0;

  /** Ends `step` now. */
  mark(step: string): void {
    const now = performance.now();
    this.#durations[step] = Math.round(now - this.#last);
    this.#last = now;
  }

  /** The steps ended so far, with their durations. */
  get durations(): Readonly<Record<string, number>> {
    return { ...this.#durations };
  }
}
