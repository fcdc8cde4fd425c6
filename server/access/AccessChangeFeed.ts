import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { AccessChangeKind, AccessChangeRecord } from '../../storage/schema/accessChanges.js';
import { accessChangeCollections } from '../../storage/schema/accessChanges.js';

/** A change to who may open what: `kind` names what `subject` is (see `AccessChangeRecord`). */
export interface AccessChange {
  readonly kind: AccessChangeKind;
  readonly subject: string;
}

/** Options of `AccessChangeFeed`. */
export interface AccessChangeFeedOptions {
  /** How long a change stays in the store for other processes to read, in ms. Default 5 minutes. */
  retentionMs?: number;
}

/**
 * The store-backed feed of access changes: whoever changes rights calls `record`, which tells
 * this process's listeners at once (synchronously, so live connections are paused before the
 * caller goes on) and writes a row that every other process sharing the store reads with
 * `since` (its own rows carry its `origin`, so it skips them). The CLI records through the same
 * feed, so a key revoked by `boards admin` reaches the running server within one poll.
 */
export class AccessChangeFeed {
  /** This process's id on the rows it writes. */
  readonly origin = newId('proc');
  readonly #changes: Collection<AccessChangeRecord>;
  readonly #clock: Clock;
  readonly #retentionMs: number;
  readonly #listeners = new Set<(change: AccessChange) => void>();

  constructor(db: Database, clock: Clock, options: AccessChangeFeedOptions = {}) {
    this.#changes = db.collection<AccessChangeRecord>(accessChangeCollections.changes);
    this.#clock = clock;
    this.#retentionMs = options.retentionMs ?? 5 * 60_000;
  }

  /** Calls `listener` for each change recorded in this process, synchronously within `record`; returns the function that removes it. */
  onRecorded(listener: (change: AccessChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells this process's listeners, then stores the change for the other processes. */
  async record(change: AccessChange): Promise<void> {
    for (const listener of this.#listeners) listener(change);
    await this.#changes.insert({ id: newId('acc'), at: this.#clock.now(), origin: this.origin, kind: change.kind, subject: change.subject });
  }

  /** Rows recorded at or after `atMs`, oldest first (one indexed query; rows live minutes, so there are few). */
  async since(atMs: number): Promise<AccessChangeRecord[]> {
    return this.#changes.find({ at: { $gte: atMs } }, { sort: [['at', 1]] });
  }

  /** Deletes rows older than the retention; returns how many. */
  async prune(): Promise<number> {
    return this.#changes.deleteMany({ at: { $lt: this.#clock.now() - this.#retentionMs } });
  }
}
