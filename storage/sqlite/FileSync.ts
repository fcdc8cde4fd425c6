import { fsync, fsyncSync } from 'node:fs';
import { asError } from '../errors.js';

/** What a `FileSync` fsyncs, and cleanup on close. */
export interface SyncTarget {
  /** The descriptors whose fsync covers every write recorded so far (none: nothing to sync). */
  fds(): readonly number[];
  /** The descriptors `fds()` gave were all fsynced (a target may close those it no longer writes). */
  synced?(fds: readonly number[]): void;
  close(): void;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Group commit of fsyncs for a file written with plain writes: a write survives a crash of the
 * process once it returns, and power loss once an fsync that started after it completes. The
 * fsync runs on libuv's thread pool, so the event loop never waits for the disk.
 *
 * Writes are marked with `written()`; a background fsync follows each within `delayMs`, and
 * `request()` asks for one now. One fsync is in flight at a time; writes made while it runs wait
 * for the next, which starts when it ends and serves every caller that waited meanwhile.
 */
export class FileSync {
  readonly #target: SyncTarget;
  readonly #delayMs: number;
  readonly #onError: (error: Error) => void;
  readonly #observe: ((seconds: number) => void) | undefined;
  /** A commit was recorded after the last fsync started. */
  #dirty = false;
  #inFlight: Promise<void> | undefined;
  #waiters: Waiter[] = [];
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  /** Number of fsync rounds made, each of every descriptor the target gave (for tests and stats). */
  fsyncs = 0;

  /**
   * `delayMs`: most ms between a write and its fsync. `onError` hears of a failed fsync that no
   * caller was waiting for. `observe` is told the duration of each fsync round, in seconds.
   */
  constructor(target: SyncTarget, delayMs: number, onError: (error: Error) => void = () => undefined, observe?: (seconds: number) => void) {
    this.#target = target;
    this.#delayMs = delayMs;
    this.#onError = onError;
    this.#observe = observe;
  }

  /** Records a write; it is fsynced within `delayMs` even if nobody asks. */
  written(): void {
    if (this.#closed) return;
    this.#dirty = true;
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#start();
    }, this.#delayMs);
  }

  /**
   * Resolves once every write recorded before the call is on disk; rejects when the fsync fails.
   * The fsync starts at once when none is in flight (waiting for a later turn would put the
   * caller behind whatever else that turn runs); callers that come while one runs share it when
   * they wrote nothing since it started, and share the next one otherwise.
   */
  request(): Promise<void> {
    if (!this.#dirty) return this.#inFlight ?? Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      this.#start();
    });
  }

  /** Waits for an fsync in flight, fsyncs what is pending and releases the target. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#inFlight?.catch(() => undefined);
    const waiters = this.#waiters.splice(0);
    try {
      if (this.#dirty) {
        this.#dirty = false;
        const fds = this.#target.fds();
        const startedAt = performance.now();
        for (const fd of fds) fsyncSync(fd);
        if (fds.length > 0) this.#observe?.((performance.now() - startedAt) / 1000);
        if (fds.length > 0) {
          this.fsyncs += 1;
          this.#target.synced?.(fds);
        }
      }
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of waiters) waiter.reject(asError(error));
      throw error;
    } finally {
      this.#target.close();
    }
  }

  /** Starts an fsync of everything recorded so far, unless one is in flight (it restarts when that ends). */
  #start(): void {
    if (this.#inFlight !== undefined || this.#closed) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const waiters = this.#waiters.splice(0);
    if (!this.#dirty) {
      for (const waiter of waiters) waiter.resolve();
      return;
    }
    this.#dirty = false;
    let fds: readonly number[];
    try {
      fds = this.#target.fds();
    } catch (error) {
      this.#failed(waiters, error);
      return;
    }
    if (fds.length === 0) {
      for (const waiter of waiters) waiter.resolve();
      return;
    }
    const startedAt = performance.now();
    this.#inFlight = new Promise<void>((resolve, reject) => {
      let left = fds.length;
      let failure: Error | undefined;
      // In parallel on the pool; the round ends when the last one does.
      for (const fd of fds) {
        fsync(fd, (error) => {
          if (error) failure ??= error;
          left -= 1;
          if (left > 0) return;
          this.#inFlight = undefined;
          this.#observe?.((performance.now() - startedAt) / 1000);
          if (failure !== undefined) {
            this.#failed(waiters, failure);
            reject(failure);
          } else {
            this.fsyncs += 1;
            // What was written is on disk whatever the target's cleanup does.
            try {
              this.#target.synced?.(fds);
            } catch (error) {
              this.#onError(asError(error));
            }
            for (const waiter of waiters) waiter.resolve();
            resolve();
          }
          // Callers that arrived during this fsync need one of their own.
          if (this.#waiters.length > 0) this.#start();
        });
      }
    });
    this.#inFlight.catch(() => undefined);
  }

  /**
   * The pages may be gone from the cache after a failed fsync: nothing written so far can be
   * promised; callers fail and the next request syncs afresh.
   */
  #failed(waiters: Waiter[], error: unknown): void {
    this.#dirty = true;
    if (waiters.length === 0) this.#onError(asError(error));
    for (const waiter of waiters) waiter.reject(asError(error));
  }
}
