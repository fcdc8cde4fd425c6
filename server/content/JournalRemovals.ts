/**
 * Removes journal rows by id with at most one delete in flight: ids that come while one runs wait
 * and go together in the next, so under load a delete statement removes the rows of many writes
 * (with PostgreSQL, one round trip and one commit for all of them), and alone each row goes at once.
 */
export class JournalRemovals {
  readonly #deleteIds: (ids: string[]) => Promise<unknown>;
  /** Ids waiting for the next delete, and the settling of that delete. */
  #waiting: { ids: string[]; done: Promise<void>; settle: (error?: unknown) => void } | null = null;
  #running = false;

  /** `deleteIds` removes the rows of the ids it is given (one statement). */
  constructor(deleteIds: (ids: string[]) => Promise<unknown>) {
    this.#deleteIds = deleteIds;
  }

  /** Removes the rows of `ids`; resolves once a delete holding them is done, rejects when it failed. */
  remove(ids: readonly string[]): Promise<void> {
    if (this.#waiting === null) {
      let settle: (error?: unknown) => void = () => undefined;
      const done = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(error as Error));
      });
      this.#waiting = { ids: [], done, settle };
    }
    this.#waiting.ids.push(...ids);
    const { done } = this.#waiting;
    if (!this.#running) void this.#drain();
    return done;
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#waiting !== null) {
        const batch = this.#waiting;
        this.#waiting = null;
        try {
          await this.#deleteIds(batch.ids);
          batch.settle();
        } catch (error) {
          batch.settle(error ?? new Error('journal rows could not be removed'));
        }
      }
    } finally {
      this.#running = false;
    }
  }
}
