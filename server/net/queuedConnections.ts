import type { Server } from 'node:net';
import { setImmediate as afterPoll, setTimeout as sleep } from 'node:timers/promises';

/** Options of `acceptQueuedConnections`. */
export interface QueuedConnectionsOptions {
  /** Most waits of a millisecond to take (a flood of new connections must not hold off what comes next forever). */
  readonly maxWaits: number;
  /**
   * Most milliseconds to keep waiting, however many waits that is: on a loaded machine a wait of a
   * millisecond can take far longer, and `maxWaits` alone would not bound the delay.
   */
  readonly maxMs: number;
  /** True while connections already accepted still need the event loop (a live client being authorized, its board loading). Default never. */
  readonly busy?: () => boolean;
  /** The clock the `maxMs` bound is read on (tests); default `performance.now`. */
  readonly now?: () => number;
}

/**
 * Lets the event loop take the connections waiting in `server`'s listen queue, and finish what
 * they started, before a long synchronous stretch of work: waits a millisecond at a time, and
 * resolves after the first wait in which no connection was accepted, no upgrade request read and
 * after which `busy` is false, or after `maxWaits` waits or `maxMs`, whichever comes first; returns
 * the waits taken. libuv accepts
 * one connection per loop turn (libuv/libuv#3696, libuv 1.45 and later): while modules load, a
 * turn can last a hundred milliseconds or more, and the clients of a restart that queued
 * meanwhile would be taken one per such turn. During a wait the loop turns as often as it has
 * I/O to handle (a turn queued with `setImmediate` from I/O would run before the next poll and
 * accept nothing), and each wait ends after a poll (its timer may run before one). With an empty
 * queue and nothing busy this costs one wait.
 */
export async function acceptQueuedConnections(server: Server, options: QueuedConnectionsOptions): Promise<number> {
  const busy = options.busy ?? (() => false);
  const now = options.now ?? (() => performance.now());
  const deadline = now() + options.maxMs;
  let seen = 0;
  const count = (): void => {
    seen += 1;
  };
  server.on('connection', count);
  server.on('upgrade', count);
  try {
    let waits = 0;
    let before = -1;
    while (waits < options.maxWaits && (waits === 0 || now() < deadline) && (seen !== before || busy())) {
      before = seen;
      waits += 1;
      await sleep(1);
      // The timer may have been due when the turn began (a turn that ran long): its callback then
      // runs before that turn's poll, and a wait that ended there saw no connection though some
      // queued. An immediate queued from it runs after the poll of the same turn.
      await afterPoll();
    }
    return waits;
  } finally {
    server.off('connection', count);
    server.off('upgrade', count);
  }
}
