import type { Logger } from '../documents/Logger.js';

/**
 * Runs tasks at the end of the current event-loop turn (`setImmediate`), one immediate for all of
 * them however many asked: the rooms of a hub flush their turn's live updates and awareness
 * together, in one macrotask. Work they leave to a microtask (the live-edit journal) then runs
 * once for every room of the turn, and the process keeps one pending immediate, not one per
 * board. A task scheduled twice in a turn runs once; a task that throws is logged and the others
 * still run.
 */
export class EndOfTurn {
  readonly #logger: Logger;
  #tasks = new Map<object, () => void>();
  #immediate: NodeJS.Immediate | undefined;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Runs `task` at the end of this turn, once per `key` (a later call for the same key in the turn changes nothing). */
  schedule(key: object, task: () => void): void {
    if (this.#tasks.has(key)) return;
    this.#tasks.set(key, task);
    if (this.#immediate === undefined) this.#immediate = setImmediate(() => this.#run());
  }

  /** Takes back the task of `key`, if it has not run yet. */
  cancel(key: object): void {
    this.#tasks.delete(key);
  }

  #run(): void {
    this.#immediate = undefined;
    const tasks = this.#tasks;
    this.#tasks = new Map();
    for (const task of tasks.values()) {
      try {
        task();
      } catch (error) {
        this.#logger.error({ err: error }, 'An end-of-turn task failed');
      }
    }
  }
}
