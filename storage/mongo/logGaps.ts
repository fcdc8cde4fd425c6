/**
 * The sequence numbers a load of the MongoDB document log read, and what it may claim from them.
 * An append reserves its numbers first and writes them afterwards, so a load may find a number
 * missing (its append is still being written, or its writer died or failed) while later ones
 * are there.
 */

/** A log entry as a load read it: its number, when it was reserved (the writer's clock) and its update (null for an abandoned number). */
export interface ReadEntry {
  seq: number;
  reservedAt: number;
  update: Uint8Array | null;
}

/** The highest number up to which every number after `base` is in `present`. */
export function contiguousEnd(base: number, present: ReadonlySet<number>): number {
  let end = base;
  while (present.has(end + 1)) end += 1;
  return end;
}

/** The numbers after `end`, up to `top` or the highest present one, that are not in `present`. */
export function missingAfter(end: number, top: number, present: ReadonlySet<number>): number[] {
  let highest = top;
  for (const seq of present) highest = Math.max(highest, seq);
  const missing: number[] = [];
  for (let seq = end + 1; seq <= highest; seq += 1) if (!present.has(seq)) missing.push(seq);
  return missing;
}

/**
 * Of the `missing` numbers, those reserved before `cutoff` (and so abandoned, as an append is
 * written within moments): a later number present was reserved before `cutoff`, or the last
 * reservation (`lastReservedAt`, of every number up to `lastSeq`) was.
 */
export function reservedBefore(missing: readonly number[], entries: readonly ReadEntry[], lastSeq: number, lastReservedAt: number, cutoff: number): number[] {
  let oldUpTo = lastReservedAt < cutoff ? lastSeq : 0;
  for (const entry of entries) if (entry.reservedAt < cutoff) oldUpTo = Math.max(oldUpTo, entry.seq - 1);
  return missing.filter((seq) => seq <= oldUpTo);
}
