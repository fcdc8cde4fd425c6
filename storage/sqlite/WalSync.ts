import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { FileSync } from './FileSync.js';
import type { SyncTarget } from './FileSync.js';

/**
 * Power-loss durability for a connection that commits with `synchronous=NORMAL` in WAL mode.
 * Such a commit is written to the `-wal` file before it returns, so it survives a crash of the
 * process, but it reaches the disk only at the next checkpoint. An fsync of the WAL file makes
 * every commit before it as durable as `synchronous=FULL` would have (FULL is exactly "fsync the
 * WAL after each commit"); frames a checkpoint already copied out were fsynced by that
 * checkpoint.
 */
export class WalSync extends FileSync {
  /** `databaseFile` is the SQLite file; its WAL is `<file>-wal`. `observe` hears each fsync round's seconds. */
  constructor(databaseFile: string, delayMs: number, onError?: (error: Error) => void, observe?: (seconds: number) => void) {
    super(walTarget(`${databaseFile}-wal`), delayMs, onError, observe);
  }
}

/**
 * Runs the commit `fn` on a connection opened with `synchronous = NORMAL` whose WAL `walSync`
 * fsyncs, and marks the WAL written: the commit makes no fsync on the event loop, survives a
 * crash of the process when `fn` returns, and power loss once `walSync` fsyncs the WAL that holds
 * it (within its delay, or at the next `request()`, which immediate writes await). Without a
 * `walSync` (an in-memory or `normal` store) it is a plain commit. A commit that throws marks
 * nothing written.
 */
export function commitShared<R>(walSync: WalSync | undefined, fn: () => R): R {
  const result = fn();
  walSync?.written();
  return result;
}

/**
 * The WAL file's descriptor, reopened when the file was replaced. Undefined when there is no
 * WAL file: then every commit was checkpointed into the database file, which SQLite fsyncs.
 */
function walTarget(walPath: string): SyncTarget {
  let open: number | undefined;
  return {
    fds() {
      let inode: number;
      try {
        inode = statSync(walPath).ino;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      if (open !== undefined && fstatSync(open).ino !== inode) {
        closeSync(open);
        open = undefined;
      }
      open ??= openSync(walPath, 'r');
      return [open];
    },
    close() {
      if (open !== undefined) closeSync(open);
      open = undefined;
    },
  };
}
