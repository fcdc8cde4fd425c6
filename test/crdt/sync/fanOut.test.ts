import { describe, expect, it } from 'vitest';
import { fanOut } from '../../../crdt/sync/fanOut.js';
import type { FanOutTarget, Outgoing } from '../../../crdt/sync/fanOut.js';

/** A connection that records every array it is handed, in one log shared by all of them. */
class Target implements FanOutTarget {
  constructor(
    readonly name: string,
    readonly log: { target: string; messages: readonly Uint8Array[] }[],
    readonly isStarted = true,
  ) {}

  sendMany(messages: readonly Uint8Array[]): void {
    this.log.push({ target: this.name, messages });
  }
}

/**
 * How many times a transport that frames a batch once and reuses the frame while it is handed
 * the same array (`FrameWriter.writeMany`) would frame, for the arrays in the order handed out.
 */
function framings(log: readonly { messages: readonly Uint8Array[] }[]): number {
  let last: readonly Uint8Array[] | undefined;
  let count = 0;
  for (const { messages } of log) {
    if (messages !== last) count += 1;
    last = messages;
  }
  return count;
}

describe('fanOut', () => {
  it('hands one array to every connection for an update nobody there sent: one encode and one frame for N sockets', () => {
    const log: { target: string; messages: readonly Uint8Array[] }[] = [];
    const targets = Array.from({ length: 50 }, (_, i) => new Target(`c${i}`, log));
    const update = Uint8Array.of(0, 2, 1, 7);
    const sent = fanOut(targets, [{ message: update, skip: undefined, update: true }]);
    expect(sent).toBe(50);
    expect(log).toHaveLength(50);
    expect(new Set(log.map((entry) => entry.messages)).size).toBe(1);
    expect(log[0]!.messages[0]).toBe(update);
    expect(framings(log)).toBe(1);
  });

  it('serves the senders after everyone else, so the shared batch is framed once even when a sender sits in the middle', () => {
    const log: { target: string; messages: readonly Uint8Array[] }[] = [];
    const targets = Array.from({ length: 10 }, (_, i) => new Target(`c${i}`, log));
    const sender = targets[3]!;
    const otherSender = targets[7]!;
    const update = Uint8Array.of(0, 2, 1, 1);
    const otherUpdate = Uint8Array.of(0, 2, 1, 2);
    const awareness = Uint8Array.of(1, 1, 0);
    const outgoing: Outgoing[] = [
      { message: update, skip: sender, update: true },
      { message: otherUpdate, skip: otherSender, update: true },
      { message: awareness, skip: undefined, update: false },
    ];
    const sent = fanOut(targets, outgoing);
    // Eight connections get both updates, each sender gets the other's.
    expect(sent).toBe(8 * 2 + 2);
    expect(log.map((entry) => entry.target)).toEqual(['c0', 'c1', 'c2', 'c4', 'c5', 'c6', 'c8', 'c9', 'c3', 'c7']);
    expect(new Set(log.slice(0, 8).map((entry) => entry.messages)).size).toBe(1);
    expect(log[0]!.messages).toEqual([update, otherUpdate, awareness]);
    expect(log[8]!.messages).toEqual([otherUpdate, awareness]);
    expect(log[9]!.messages).toEqual([update, awareness]);
    // One frame for the eight, one for each sender.
    expect(framings(log)).toBe(3);
  });

  it('sends a sender nothing when the turn held only what it sent, and skips connections not started', () => {
    const log: { target: string; messages: readonly Uint8Array[] }[] = [];
    const sender = new Target('sender', log);
    const waiting = new Target('waiting', log, false);
    const reader = new Target('reader', log);
    const sent = fanOut([sender, waiting, reader], [{ message: Uint8Array.of(0, 2, 1, 9), skip: sender, update: true }]);
    expect(sent).toBe(1);
    expect(log.map((entry) => entry.target)).toEqual(['reader']);
  });

  it('counts awareness messages as no update', () => {
    const log: { target: string; messages: readonly Uint8Array[] }[] = [];
    const sent = fanOut([new Target('a', log), new Target('b', log)], [{ message: Uint8Array.of(1, 0), skip: undefined, update: false }]);
    expect(sent).toBe(0);
    expect(log).toHaveLength(2);
  });
});
