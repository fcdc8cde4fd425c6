/**
 * Runs tasks one after another per key, in call order (tasks of different keys run at once). A
 * task runs after the previous one of its key settled, whether it resolved or failed.
 */
export class KeyedChain {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Runs `task` once the tasks of `key` called before it settled; resolves or rejects as it does. */
  async run<R>(key: string, task: () => Promise<R>): Promise<R> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    this.#tails.set(key, run);
    try {
      return await run;
    } finally {
      if (this.#tails.get(key) === run) this.#tails.delete(key);
    }
  }
}
