/** Latency summary of one cell, in ms; null when there were no samples. */
export interface LatencySummary {
  p50: number | null;
  p99: number | null;
  max: number | null;
}

/** The nearest-rank percentile (`p` in 0..100) of ascending `sorted`; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  if (p <= 0) return sorted[0] ?? null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, rank) - 1] ?? null;
}

/** p50, p99 and max of unsorted samples (the input is not modified). */
export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const list = Array.from(sorted);
  return { p50: percentile(list, 50), p99: percentile(list, 99), max: list.length === 0 ? null : (list.at(-1) ?? null) };
}

/** The median of the non-null values (the middle one, or the mean of the two middle ones); null when none. */
export function median(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? null;
  if (sorted.length % 2 === 1 || upper === null) return upper;
  const lower = sorted[mid - 1] ?? upper;
  return (lower + upper) / 2;
}

/** Rounds to `digits` decimals, keeping null. */
export function round(value: number | null, digits = 2): number | null {
  if (value === null) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
