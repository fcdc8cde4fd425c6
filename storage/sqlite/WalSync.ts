import { closeSync, fstatSync, fsync, fsyncSync, openSync, statSync } from 'node:fs';

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Power-loss durability for a connection that commits with `synchronous=NORMAL` in WAL mode.
 * Such a commit is written to the `-wal` file before it returns, so it survives a crash of the
 * process, but it reaches the disk only at the next checkpoint. An fsync of the WAL file makes
 * every commit before it as durable as `synchronous=FULL` would have (FULL is exactly "fsync the
 * WAL after each commit"); frames a checkpoint already copied out were fsynced by that
 * checkpoint. The fsync runs on libuv's thread pool, so the event loop never waits for the disk.
 *
 * Commits are marked with `written()`; a background fsync follows each within `delayMs`, and
 * `request()` asks for one on the next turn, shared by every caller of that turn (group commit
 * of fsyncs). One fsync is in flight at a time; commits made while it runs wait for the next.
 */
export class WalSync {
  readonly #walPath: string;
  readonly #delayMs: number;
  readonly #onError: (error: Error) => void;
  #fd: number | undefined;
  /** A commit was recorded after the last fsync started. */
  #dirty = false;
  #inFlight: Promise<void> | undefined;
  #waiters: Waiter[] = [];
  #timer: NodeJS.Timeout | undefined;
  #immediate: NodeJS.Immediate | undefined;
  #closed = false;
  /** Number of fsync calls made (for tests and stats). */
  fsyncs = 0;

  /**
   * `databaseFile` is the SQLite file; its WAL is `<file>-wal`. `delayMs`: most ms between a
   * commit and its fsync. `onError` hears of a failed fsync that no caller was waiting for.
   */
  constructor(databaseFile: string, delayMs: number, onError: (error: Error) => void = () => undefined) {
    this.#walPath = `${databaseFile}-wal`;
    this.#delayMs = delayMs;
    this.#onError = onError;
  }

  /** Records a commit; it is fsynced within `delayMs` even if nobody asks. */
  written(): void {
    if (this.#closed) return;
    this.#dirty = true;
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#start();
    }, this.#delayMs);
  }

  /** Resolves once every commit recorded before the call is on disk; rejects when the fsync fails. */
  request(): Promise<void> {
    if (!this.#dirty) return this.#inFlight ?? Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      this.#immediate ??= setImmediate(() => {
        this.#immediate = undefined;
        this.#start();
      });
    });
  }

  /** Waits for an fsync in flight, fsyncs what is pending and closes the file descriptor. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#immediate !== undefined) clearImmediate(this.#immediate);
    this.#immediate = undefined;
    await this.#inFlight?.catch(() => undefined);
    const waiters = this.#waiters.splice(0);
    try {
      if (this.#dirty) {
        this.#dirty = false;
        const fd = this.#walFd();
        if (fd !== undefined) {
          fsyncSync(fd);
          this.fsyncs += 1;
        }
      }
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of waiters) waiter.reject(asError(error));
      throw error;
    } finally {
      if (this.#fd !== undefined) closeSync(this.#fd);
      this.#fd = undefined;
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
    let fd: number | undefined;
    try {
      fd = this.#walFd();
    } catch (error) {
      this.#failed(waiters, error);
      return;
    }
    if (fd === undefined) {
      for (const waiter of waiters) waiter.resolve();
      return;
    }
    this.#inFlight = new Promise<void>((resolve, reject) => {
      fsync(fd, (error) => {
        this.#inFlight = undefined;
        if (error) {
          this.#failed(waiters, error);
          reject(error);
        } else {
          this.fsyncs += 1;
          for (const waiter of waiters) waiter.resolve();
          resolve();
        }
        // Callers that arrived during this fsync need one of their own.
        if (this.#waiters.length > 0) this.#start();
      });
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

  /**
   * The WAL file's descriptor, reopened when the file was replaced. Undefined when there is no
   * WAL file: then every commit was checkpointed into the database file, which SQLite fsyncs.
   */
  #walFd(): number | undefined {
    let inode: number;
    try {
      inode = statSync(this.#walPath).ino;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (this.#fd !== undefined && fstatSync(this.#fd).ino !== inode) {
      closeSync(this.#fd);
      this.#fd = undefined;
    }
    this.#fd ??= openSync(this.#walPath, 'r');
    return this.#fd;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
