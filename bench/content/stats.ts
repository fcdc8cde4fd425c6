/** Latency samples summarised, in ms. */
export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The `q` quantile (0..1) of `sorted` by nearest rank; NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** p50/p95/p99/max of latency samples in ms. */
export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
}

/** The median of a few repetitions. */
export function median(values: readonly number[]): number {
  return quantile([...values].sort((a, b) => a - b), 0.5);
}

/** Milliseconds since an arbitrary origin, sub-millisecond (`performance.now`). */
export function nowMs(): number {
  return performance.now();
}

/** Times `fn` once, in ms. */
export async function timeMs(fn: () => Promise<unknown> | unknown): Promise<number> {
  const start = nowMs();
  await fn();
  return nowMs() - start;
}

/** A number for the table: 3 significant figures, `–` for NaN. */
export function fmt(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return '–';
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit}`;
}

/** `a / b` as `N.N×`, `–` when either is missing. */
export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return '–';
  const r = a / b;
  return `${r >= 10 ? r.toFixed(0) : r >= 0.1 ? r.toFixed(1) : r.toPrecision(2)}×`;
}
