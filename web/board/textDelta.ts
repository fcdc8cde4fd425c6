/** Where `index` of the text before a change is in the text after it (a change at the index itself leaves it before). */
export function shiftIndex(index: number, delta: readonly { insert?: unknown; retain?: number | undefined; delete?: number | undefined }[]): number {
  let old = 0;
  let out = index;
  for (const op of delta) {
    if (old >= index) break;
    if (op.retain !== undefined) old += op.retain;
    else if (op.delete !== undefined) {
      out -= Math.min(op.delete, index - old);
      old += op.delete;
    } else if (typeof op.insert === 'string') out += op.insert.length;
  }
  return Math.max(0, out);
}
