import { closeSync, fstatSync, fsyncSync, openSync, statSync } from 'node:fs';

/**
 * Power-loss durability for a connection that commits with `synchronous=NORMAL` in WAL mode.
 * Such a commit is written to the `-wal` file before it returns, so it survives a crash of the
 * process, but it reaches the disk only at the next checkpoint. `sync()` fsyncs the WAL file,
 * which makes every commit before it as durable as `synchronous=FULL` would have (FULL is
 * exactly "fsync the WAL after each commit"); fsync applies to the file, whichever descriptor
 * it is called on. Writes are marked with `written()`; a background sync follows each write
 * within `delayMs`, and `request()` asks for one on the next turn, shared by every caller of
 * that turn (group commit of fsyncs).
 */
export class WalSync {
  readonly #walPath: string;
  readonly #delayMs: number;
  #fd: number | undefined;
  #dirty = false;
  #waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  #timer: NodeJS.Timeout | undefined;
  #immediate: NodeJS.Immediate | undefined;
  /** Number of fsync calls made (for tests and stats). */
  fsyncs = 0;

  constructor(databaseFile: string, delayMs: number) {
    this.#walPath = `${databaseFile}-wal`;
    this.#delayMs = delayMs;
  }

  /** Records a commit; it is fsynced within `delayMs` even if nobody asks. */
  written(): void {
    this.#dirty = true;
    if (this.#timer === undefined && this.#immediate === undefined) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#syncNow();
      }, this.#delayMs);
    }
  }

  /** Resolves once every commit recorded before the call is on disk. */
  request(): Promise<void> {
    if (!this.#dirty) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      this.#immediate ??= setImmediate(() => {
        this.#immediate = undefined;
        this.#syncNow();
      });
    });
  }

  /** Fsyncs what is pending now and closes the file descriptor. */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#immediate !== undefined) clearImmediate(this.#immediate);
    this.#immediate = undefined;
    this.#syncNow();
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #syncNow(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const waiters = this.#waiters;
    this.#waiters = [];
    if (!this.#dirty) {
      for (const waiter of waiters) waiter.resolve();
      return;
    }
    this.#dirty = false;
    try {
      const fd = this.#walFd();
      if (fd !== undefined) {
        fsyncSync(fd);
        this.fsyncs += 1;
      }
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      // The pages may be gone from the cache after a failed fsync: nothing written so far can be
      // promised; callers fail and the next write is synced afresh.
      this.#dirty = true;
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const waiter of waiters) waiter.reject(failure);
    }
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
