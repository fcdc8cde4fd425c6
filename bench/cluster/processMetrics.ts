/** The bearer token the bench's processes of ours serve `/metrics` with (on their main port, 127.0.0.1 only). */
export const benchMetricsToken = 'bench-metrics-token-0001';

/** What one process of ours did during a measured window, from its `/metrics` (docs/metrics.md). */
export interface WindowMetrics {
  /** Appends of board updates to the store (each one commit): how many, and the bucket bound their p50 and p99 fall under, in ms. */
  appends: { count: number; p50Ms: number | null; p99Ms: number | null };
  /** Event-loop delay over the window (`monitorEventLoopDelay`, reset at each scrape), in ms. */
  loopDelay: { p99Ms: number | null; maxMs: number | null };
  /** Garbage collection pauses in the window: how many, their total and the bucket bound the longest falls under, in ms. */
  gc: { count: number; totalMs: number; longestMs: number | null };
}

/** One scrape: every sample, keyed by its name with its labels as printed. */
type Samples = Map<string, number>;

function parse(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const cut = line.lastIndexOf(' ');
    const value = Number(line.slice(cut + 1));
    if (!Number.isNaN(value)) samples.set(line.slice(0, cut), value);
  }
  return samples;
}

/** Cumulative bucket counts of a histogram (all its label sets summed), by upper bound in seconds, in bound order. */
function buckets(samples: Samples, name: string): [number, number][] {
  const byBound = new Map<number, number>();
  for (const [key, value] of samples) {
    if (!key.startsWith(`${name}_bucket{`)) continue;
    const le = /le="([^"]+)"/.exec(key)?.[1];
    if (le === undefined) continue;
    const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
    byBound.set(bound, (byBound.get(bound) ?? 0) + value);
  }
  return [...byBound.entries()].sort((x, y) => x[0] - y[0]);
}

/** The window's cumulative bucket counts (`after` less `before`). */
function bucketDelta(before: Samples, after: Samples, name: string): [number, number][] {
  const earlier = new Map(buckets(before, name));
  return buckets(after, name).map(([bound, count]) => [bound, count - (earlier.get(bound) ?? 0)]);
}

/** The upper bound (ms) of the bucket holding quantile `q` of a cumulative histogram; null when empty. */
function quantileBound(cumulative: [number, number][], q: number): number | null {
  const total = cumulative.at(-1)?.[1] ?? 0;
  if (total === 0) return null;
  const rank = Math.ceil(q * total);
  const hit = cumulative.find(([, count]) => count >= rank);
  return hit === undefined ? null : hit[0] * 1000;
}

function sumOf(samples: Samples, prefix: string): number {
  let sum = 0;
  for (const [key, value] of samples) if (key === prefix || key.startsWith(`${prefix}{`)) sum += value;
  return sum;
}

const ms = (seconds: number | undefined): number | null => (seconds === undefined ? null : Math.round(seconds * 1e5) / 100);

/**
 * Reads a process's `/metrics` before and after a measured window: its store appends (the
 * commit a live edit waits for before it is relayed), its event-loop delay (scraping resets it,
 * so the second scrape covers the window) and its GC pauses.
 */
export class ProcessMetrics {
  readonly #http: string;
  #before: Samples | undefined;

  constructor(http: string) {
    this.#http = http;
  }

  async #scrape(): Promise<Samples> {
    const response = await fetch(`${this.#http}/metrics`, { headers: { authorization: `Bearer ${benchMetricsToken}` } });
    if (!response.ok) throw new Error(`GET /metrics: ${response.status}`);
    return parse(await response.text());
  }

  /** Marks the start of the window. */
  async start(): Promise<void> {
    this.#before = await this.#scrape();
  }

  /** What the process did since `start`. */
  async window(): Promise<WindowMetrics> {
    const before = this.#before ?? new Map<string, number>();
    const after = await this.#scrape();
    const appends = bucketDelta(before, after, 'boards_document_append_duration_seconds');
    const gc = bucketDelta(before, after, 'nodejs_gc_duration_seconds');
    const gcCount = gc.at(-1)?.[1] ?? 0;
    // The longest pause is in the first bucket whose count reaches every pause of the window.
    const longest = gcCount === 0 ? null : (gc.find(([, count]) => count >= gcCount)?.[0] ?? null);
    return {
      appends: { count: appends.at(-1)?.[1] ?? 0, p50Ms: quantileBound(appends, 0.5), p99Ms: quantileBound(appends, 0.99) },
      loopDelay: { p99Ms: ms(after.get('nodejs_eventloop_lag_p99_seconds')), maxMs: ms(after.get('nodejs_eventloop_lag_max_seconds')) },
      gc: {
        count: gcCount,
        totalMs: Math.round((sumOf(after, 'nodejs_gc_duration_seconds_sum') - sumOf(before, 'nodejs_gc_duration_seconds_sum')) * 1e5) / 100,
        longestMs: longest === null ? null : longest * 1000,
      },
    };
  }
}

/** One process's window as a line: appends, event-loop delay, GC. */
export function windowLine(label: string, m: WindowMetrics): string {
  const n = (value: number | null): string => (value === null ? '—' : value === Number.POSITIVE_INFINITY ? '>max bucket' : String(value));
  return (
    `${label}: ${m.appends.count} appends, p50 ≤ ${n(m.appends.p50Ms)} ms, p99 ≤ ${n(m.appends.p99Ms)} ms; ` +
    `event-loop delay p99 ${n(m.loopDelay.p99Ms)} ms, max ${n(m.loopDelay.maxMs)} ms; ` +
    `GC ${m.gc.count} pauses, ${m.gc.totalMs} ms in all, longest ≤ ${n(m.gc.longestMs)} ms`
  );
}
