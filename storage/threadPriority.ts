import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Nice value of background worker threads (the lowest): on a core the event loop keeps busy, CFS
 * gives such a thread about 1.5% of it, and the whole core whenever the loop is idle. A 10k-item
 * snapshot that takes 1.3 s of a free core may then take a minute or more under a saturated loop;
 * it is deferred work, and a server that busy has no time to give it anyway.
 */
export const backgroundNice = 19;

/**
 * The kernel id of the calling thread (Linux: `/proc/thread-self` links to `<pid>/task/<tid>`);
 * undefined where there is no such link.
 */
export function currentThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling thread's scheduling priority to `backgroundNice` (never raises it), for a
 * worker whose work can wait: folding a large snapshot or checkpointing the WAL then takes what
 * the event loop leaves of a core instead of half of it, so requests and live relays are not
 * slowed while it runs, and it still gets a full core when the loop is idle. On Linux a thread
 * is its own scheduling entity, so this leaves the rest of the process alone. Returns whether it
 * applied (false where threads cannot be addressed, e.g. not on Linux).
 */
export function lowerThreadPriority(): boolean {
  const tid = currentThreadId();
  if (tid === undefined) return false;
  try {
    if (getPriority(tid) < backgroundNice) setPriority(tid, backgroundNice);
    return true;
  } catch {
    return false;
  }
}
