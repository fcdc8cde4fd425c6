/** How far behind the search index is (`IndexLag.read`). */
export interface IndexLagStats {
  /** Boards changed and not yet reindexed: scheduled, being reindexed, or whose last reindex failed. */
  pendingBoards: number;
  /** Age of the oldest change among them, in seconds; 0 when there is none. */
  oldestChangeSeconds: number;
}

/**
 * The boards whose changes the search index does not hold yet, each with when its oldest such
 * change came (monotonic time). A change is pending until a reindex that started after it ends
 * well; a failed reindex leaves it pending (the next change retries it), so the lag keeps growing
 * while the index stays behind. Costs a map lookup per change; `read` walks the boards pending.
 */
export class IndexLag {
  /** Changed since their last reindex started. */
  readonly #pending = new Map<string, number>();
  /** Being reindexed, with the oldest change the reindex covers. */
  readonly #running = new Map<string, number>();

  /** A change of the board that its next reindex will index. */
  changed(boardId: string): void {
    if (!this.#pending.has(boardId)) this.#pending.set(boardId, performance.now());
  }

  /** A reindex of the board starts: it covers every change so far. */
  started(boardId: string): void {
    const since = this.#pending.get(boardId);
    this.#pending.delete(boardId);
    if (since !== undefined) this.#running.set(boardId, since);
  }

  /** The reindex of the board ended; a failed one leaves its changes pending. */
  finished(boardId: string, ok: boolean): void {
    const since = this.#running.get(boardId);
    this.#running.delete(boardId);
    if (ok || since === undefined) return;
    this.#pending.set(boardId, Math.min(since, this.#pending.get(boardId) ?? since));
  }

  /** Forgets the board (deleted for good, or the indexer stopped: `undefined` forgets all). */
  forget(boardId?: string): void {
    if (boardId === undefined) {
      this.#pending.clear();
      this.#running.clear();
      return;
    }
    this.#pending.delete(boardId);
    this.#running.delete(boardId);
  }

  /** Boards behind and the age of the oldest change among them. */
  read(): IndexLagStats {
    let oldest = Infinity;
    const boards = new Set<string>();
    for (const map of [this.#pending, this.#running]) {
      for (const [boardId, since] of map) {
        boards.add(boardId);
        oldest = Math.min(oldest, since);
      }
    }
    return { pendingBoards: boards.size, oldestChangeSeconds: boards.size === 0 ? 0 : Math.max(0, (performance.now() - oldest) / 1000) };
  }
}
