/**
 * Which sequence numbers of one board's stored log a process's copy holds: everything up to
 * `upTo`, and ranges above it that arrived out of order (two processes' appends may reach the bus
 * in either order). A range that never fills is an update stored and never heard: a gap.
 */
export class SeenSeqs {
  #upTo: number;
  /** Ranges above `#upTo + 1`, sorted and apart. */
  #ahead: { from: number; to: number }[] = [];

  constructor(upTo: number) {
    this.#upTo = upTo;
  }

  /** The highest number up to which every update is held. */
  get upTo(): number {
    return this.#upTo;
  }

  /** Records that the copy holds the updates numbered `from` to `to`. */
  add(from: number, to: number): void {
    if (to <= this.#upTo) return;
    const ranges = [...this.#ahead, { from: Math.max(from, this.#upTo + 1), to }].sort((a, b) => a.from - b.from);
    const merged: { from: number; to: number }[] = [];
    for (const range of ranges) {
      const last = merged.at(-1);
      if (last !== undefined && range.from <= last.to + 1) last.to = Math.max(last.to, range.to);
      else merged.push({ ...range });
    }
    const first = merged[0];
    if (first !== undefined && first.from <= this.#upTo + 1) {
      this.#upTo = first.to;
      merged.shift();
    }
    this.#ahead = merged;
  }

  /** Records that the copy holds every update up to `seq` (it was read from the store). */
  holdAllUpTo(seq: number): void {
    this.add(1, seq);
  }
}
