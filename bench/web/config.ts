import { parseArgs } from 'node:util';

/** What `npm run bench:web` measures. */
export interface WebBenchConfig {
  /** Items on the board whose drag is measured. */
  readonly items: number;
  /** Items on the board whose first paint is measured. */
  readonly paintItems: number;
  /** Fresh page loads of that board. */
  readonly paintRuns: number;
  /** Items selected (with a rubber band around a block of the seeded notes) and dragged together. */
  readonly select: number;
  /** How long the mouse drags them, in ms. */
  readonly dragMs: number;
}

export const webBenchUsage =
  'usage: npm run bench:web [-- --items <count> --paint-items <count> --paint-runs <count> --select <count> --drag-ms <ms>]';

/** The defaults: issue 53's 5,000-item board, 50 items dragged for 2 s, first paint of a 1,000-item board. */
export const defaultWebBenchConfig: WebBenchConfig = { items: 5000, paintItems: 1000, paintRuns: 5, select: 50, dragMs: 2000 };

/** A command line the bench refuses: `message` and the usage line go to stderr, and it exits 2. */
export class WebBenchUsageError extends Error {}

const limits: Record<keyof WebBenchConfig, readonly [number, number]> = {
  items: [1, 50_000],
  paintItems: [1, 50_000],
  paintRuns: [1, 50],
  select: [1, 500],
  dragMs: [200, 60_000],
};

const flags: Record<keyof WebBenchConfig, string> = {
  items: 'items',
  paintItems: 'paint-items',
  paintRuns: 'paint-runs',
  select: 'select',
  dragMs: 'drag-ms',
};

/** Reads the command line; throws WebBenchUsageError for an unknown flag or a value out of range. */
export function parseWebBenchArgs(args: readonly string[]): WebBenchConfig {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: Object.fromEntries(Object.values(flags).map((flag) => [flag, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new WebBenchUsageError((error as Error).message);
  }
  const config: Record<string, number> = { ...defaultWebBenchConfig };
  for (const [key, flag] of Object.entries(flags) as [keyof WebBenchConfig, string][]) {
    const raw = values[flag];
    if (raw === undefined) continue;
    const [min, max] = limits[key];
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) throw new WebBenchUsageError(`--${flag} must be a whole number from ${min} to ${max}`);
    config[key] = value;
  }
  const parsed = config as unknown as WebBenchConfig;
  if (parsed.select > parsed.items) throw new WebBenchUsageError('--select cannot exceed --items');
  return parsed;
}
