import { readdirSync, readlinkSync } from 'node:fs';
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
 * Lowers every thread of the calling process to `backgroundNice` (never raises one), for a
 * helper process whose whole work can wait. V8's helper threads (the garbage collector's
 * parallel and concurrent work) exist before any script runs, and a thread's priority is its
 * own on Linux, so each is lowered in turn; threads started later inherit the lowered priority
 * of the thread that starts them. Elsewhere the process's priority is set, which covers its
 * threads. Returns whether every thread was lowered.
 */
export function lowerProcessPriority(): boolean {
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    try {
      if (getPriority() < backgroundNice) setPriority(backgroundNice);
      return true;
    } catch {
      return false;
    }
  }
  let all = true;
  for (const tid of tids) if (!lowerPriorityOf(tid)) all = false;
  return all;
}

/**
 * Lowers a child process just started to `backgroundNice` (never raises it), from its parent:
 * on Linux this sets its main thread, before the runtime it starts creates its other threads
 * (which inherit it), so that even its start-up takes only what the parent leaves of a core.
 * Returns whether it applied (false once the process has ended, or where it cannot be set).
 */
export function lowerChildPriority(pid: number): boolean {
  return lowerPriorityOf(pid);
}

function lowerPriorityOf(tid: number): boolean {
  try {
    if (getPriority(tid) < backgroundNice) setPriority(tid, backgroundNice);
    return true;
  } catch {
    return false;
  }
}
