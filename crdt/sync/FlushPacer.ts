/** Options of `FlushPacer`. */
export interface FlushPacerOptions {
  /**
   * Most ms a flush is put off on a busy board, 0 never. A flush asked for sooner than this after
   * the last one waits for the rest of the window, and takes along what arrives meanwhile.
   */
  windowMs: number;
  /** The board counts as busy while messages arrive more often than this per second, on average. */
  busyAbovePerSecond: number;
  /** Asks for the flush at the end of this event-loop turn (`EndOfTurn`). */
  schedule: () => void;
  /** Milliseconds of a monotonic clock. Default `performance.now`. */
  now?: () => number;
}

/** Weight of the latest gap in the running average of the gaps between messages (1/8: about the last eight). */
const gapWeight = 1 / 8;

/**
 * When a board's flush (store, relay, apply: `LiveUpdates.flush`) runs. On a quiet board, at the
 * end of the turn its message arrived in, as always. On a busy board, whose messages arrive
 * more often than `busyAbovePerSecond` on average, a flush asked for within `windowMs` of the
 * last one waits for the rest of that window: what arrives meanwhile goes out with it, merged
 * into one message, so every socket gets one write for several updates instead of one each.
 * The wait is bounded by `windowMs` and never applies to the first message after a pause, so a
 * quiet board's latency is unchanged and a busy one's grows by at most the window.
 */
export class FlushPacer {
  readonly #options: FlushPacerOptions;
  readonly #now: () => number;
  #lastFlushAt = Number.NEGATIVE_INFINITY;
  #lastRequestAt = Number.NEGATIVE_INFINITY;
  /** Running average of the ms between flush requests (one per message taken). */
  #averageGapMs = Number.POSITIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: FlushPacerOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
  }

  /** True while a flush is being held for the rest of its window. */
  get holding(): boolean {
    return this.#timer !== undefined;
  }

  /** Asks for a flush: at the end of this turn, or at the end of the window when the board is busy and flushed lately. */
  request(): void {
    // Pacing off (the default): no clock read or average on the path of every message.
    if (this.#options.windowMs <= 0) {
      this.#options.schedule();
      return;
    }
    const now = this.#now();
    const gap = now - this.#lastRequestAt;
    this.#lastRequestAt = now;
    this.#averageGapMs = Number.isFinite(this.#averageGapMs) ? this.#averageGapMs + (gap - this.#averageGapMs) * gapWeight : Number.isFinite(gap) ? gap : this.#averageGapMs;
    if (this.#timer !== undefined) return;
    const { windowMs, busyAbovePerSecond } = this.#options;
    const sinceFlush = now - this.#lastFlushAt;
    if (sinceFlush < windowMs && this.#averageGapMs < 1000 / busyAbovePerSecond) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#options.schedule();
      }, Math.max(1, Math.ceil(windowMs - sinceFlush)));
      return;
    }
    this.#options.schedule();
  }

  /** Records a flush (however it was started); a flush being held is no longer due. */
  flushed(): void {
    this.#lastFlushAt = this.#now();
    this.cancel();
  }

  /** Drops a held flush without running it. */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
