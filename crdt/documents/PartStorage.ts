import type { DocumentStore } from '../../storage/index.js';
import type { Logger } from './Logger.js';
import type { SnapshotBuilder } from './SnapshotBuilder.js';
import type { SplitState } from './snapshotWorker.js';

/** A new board's state being split to be stored again in parts. */
interface StoringInParts {
  readonly state: Uint8Array;
  readonly split: Promise<SplitState>;
  cancelled: boolean;
  done: Promise<void>;
}

/**
 * Stores a large new board's snapshot again in parts, in the background (`DocumentRegistry.create`),
 * so that its first load applies it a part per turn without splitting it first; a load that comes
 * before shares the split. `DocumentRegistry.delete` and `close` cancel it and wait.
 */
export class PartStorage {
  readonly #store: DocumentStore;
  readonly #splitter: SnapshotBuilder;
  readonly #logger: Logger;
  readonly #tasks = new Map<string, StoringInParts>();

  constructor(store: DocumentStore, splitter: SnapshotBuilder, logger: Logger) {
    this.#store = store;
    this.#splitter = splitter;
    this.#logger = logger;
  }

  /** Starts storing `state` of `boardId` in parts, unless that is under way already. */
  start(boardId: string, state: Uint8Array): void {
    if (this.#tasks.has(boardId)) return;
    const split = this.#splitter.split(state);
    const task: StoringInParts = { state, split, cancelled: false, done: Promise.resolve() };
    task.done = (async () => {
      try {
        const parts = await split;
        // Checked in the turn that writes: `delete` waits for this task before it deletes.
        if (parts !== null && parts.parts.length > 1 && !task.cancelled) await this.#store.compact(boardId, parts.parts, 0);
      } catch (error) {
        if (!task.cancelled) this.#logger.warn({ err: error, docId: boardId }, 'Could not store a new board in parts; its first load splits it');
      } finally {
        this.#tasks.delete(boardId);
      }
    })();
    this.#tasks.set(boardId, task);
  }

  /** The split of a load: the one `start` started when `snapshot` is the state it splits, else a new one. */
  splitForLoad(boardId: string, snapshot: Uint8Array): Promise<SplitState> {
    const storing = this.#tasks.get(boardId);
    if (storing !== undefined && Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength).equals(storing.state)) return storing.split;
    return this.#splitter.split(snapshot);
  }

  /** Cancels storing `boardId` in parts (all boards without one) and waits for what is under way. */
  async stop(boardId?: string): Promise<void> {
    const tasks = boardId === undefined ? [...this.#tasks.values()] : [this.#tasks.get(boardId)].filter((task) => task !== undefined);
    for (const task of tasks) task.cancelled = true;
    await Promise.all(tasks.map((task) => task.done));
  }
}
