import type { Logger } from 'pino';
import type { Clock } from '../../storage/index.js';
import type { AccessChange, AccessChangeFeed } from '../access/AccessChangeFeed.js';

/** Options of `AccessChangePoller`. */
export interface AccessChangePollerOptions {
  feed: AccessChangeFeed;
  clock: Clock;
  logger: Logger;
  /** Called for each change another process recorded. */
  onChange: (change: AccessChange) => void;
  /** How often the store is read, in ms. Default 250 (a change reaches every process well within a second). */
  intervalMs?: number;
  /**
   * How far back each read looks before the newest change seen, in ms: rows of other processes
   * may become visible late or carry a clock a little behind ours. Default 2000.
   */
  overlapMs?: number;
  /** How often old rows are pruned from the store, in ms. Default 60,000. */
  pruneIntervalMs?: number;
  /**
   * Whether a change could matter now (the gateway: some live connection is open). When it says
   * no, polling stops until `resume`, which reads from then on: a connection opened meanwhile
   * read its rights as it joined. Default: always.
   */
  needed?: () => boolean;
}

/**
 * Reads the access change feed of the store for the changes other processes (other servers on
 * the same store, the `boards admin` CLI) recorded: one indexed query per interval while a change
 * could matter (`needed`), from a cursor (the newest `at` seen, less `overlapMs`), skipping rows
 * already handled and this process's own (it acted on those as it recorded them). Also prunes
 * the feed now and then.
 */
export class AccessChangePoller {
  readonly #o: AccessChangePollerOptions;
  readonly #intervalMs: number;
  readonly #overlapMs: number;
  /** Polls between two prunes. */
  readonly #pollsPerPrune: number;
  /** Ids handled, with their `at`, while they are inside the overlap. */
  readonly #seen = new Map<string, number>();
  #cursorMs: number;
  #timer: NodeJS.Timeout | undefined;
  /** Stopped by `needed`, until `resume`. */
  #paused = false;
  #polling: Promise<void> | undefined;
  #pollsSincePrune = 0;

  constructor(options: AccessChangePollerOptions) {
    this.#o = options;
    this.#intervalMs = options.intervalMs ?? 250;
    this.#overlapMs = options.overlapMs ?? 2000;
    this.#pollsPerPrune = Math.max(1, Math.round((options.pruneIntervalMs ?? 60_000) / this.#intervalMs));
    this.#cursorMs = options.clock.now();
  }

  /** Starts polling. Idempotent. */
  start(): void {
    if (this.#timer !== undefined) return;
    this.#paused = false;
    this.#timer = setInterval(() => {
      if (this.#o.needed?.() === false) this.#pause();
      else this.#polling ??= this.poll().finally(() => (this.#polling = undefined));
    }, this.#intervalMs);
    this.#timer.unref();
  }

  /** Polls again after `needed` said no (the gateway: a connection opened); reads from now on. */
  resume(): void {
    if (!this.#paused) return;
    this.#cursorMs = Math.max(this.#cursorMs, this.#o.clock.now());
    this.start();
  }

  /** Stops polling and waits for a read in progress. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#paused = false;
    await this.#polling;
  }

  /**
   * Nothing could act on a change: no timer until `resume`, and the cursor moved to now (the next
   * read still looks back `overlapMs`). Old rows wait for the next prune, this process's or another's.
   */
  #pause(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#paused = true;
    this.#cursorMs = Math.max(this.#cursorMs, this.#o.clock.now());
    this.#forgetSeenBeforeOverlap();
  }

  #forgetSeenBeforeOverlap(): void {
    for (const [id, at] of this.#seen) if (at < this.#cursorMs - this.#overlapMs) this.#seen.delete(id);
  }

  async #pruneWhenDue(): Promise<void> {
    if (++this.#pollsSincePrune < this.#pollsPerPrune) return;
    this.#pollsSincePrune = 0;
    await this.#o.feed.prune();
  }

  /** One read of the feed (and a prune when one is due); errors are logged, the next read retries. */
  async poll(): Promise<void> {
    try {
      const rows = await this.#o.feed.since(this.#cursorMs - this.#overlapMs);
      for (const row of rows) {
        if (this.#seen.has(row.id)) continue;
        this.#seen.set(row.id, row.at);
        if (row.at > this.#cursorMs) this.#cursorMs = row.at;
        if (row.origin !== this.#o.feed.origin) this.#o.onChange({ kind: row.kind, subject: row.subject });
      }
      this.#forgetSeenBeforeOverlap();
      await this.#pruneWhenDue();
    } catch (error) {
      this.#o.logger.error({ err: error }, 'Reading the access change feed failed; it is retried');
    }
  }
}
