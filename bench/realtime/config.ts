import type { ResultLine } from './result.js';
import type { ChurnSettings } from './scenarioS8.js';
import type { ServerName } from './serverKit.js';
import { serverNames } from './serverKit.js';

/** Scenario ids the bench knows. */
export const scenarioIds = ['S0', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S9', 'S8'] as const;
/** One of `scenarioIds`. */
export type ScenarioId = (typeof scenarioIds)[number];

/** Settings of one run, from the command line. */
export interface BenchConfig {
  quick: boolean;
  /** `--hold`: our server loads `bench/peers/sync-hold.mjs` and the summary has the table of holds; off, our figures carry no such cost. */
  hold: boolean;
  reps: number;
  warmupMs: number;
  /**
   * Writes a fresh server gets in S1 before its first step (at `serverWarmupRate` per writer),
   * reported in a row of their own: the first few thousand live updates run code the compiler
   * is still optimising.
   */
  serverWarmupMs: number;
  windowMs: number;
  only: ScenarioId[];
  /** Servers under test; the relay is added for S0a/S1 and S2 unless `--servers` leaves it out. */
  servers: ServerName[];
  s1Rates: number[];
  s1Sinks: number[];
  s3Boards: number[];
  s7Sinks: number;
  /** S8, the churn soak: run only when asked for (`--only S8`). */
  s8: ChurnSettings;
  /** S5: clients in the reconnect storm (2 probes per board, the rest sinks), and boards they are spread over. */
  s5Clients: number;
  s5Boards: number;
}

/** Receives every finished cell (written to the JSONL file and kept for the summary). */
export type Emit = (line: ResultLine) => void;

/**
 * Parses `--quick`, `--only S1,S4`, `--servers ours,hocuspocus,yws`, `--reps N`, `--window-ms N`,
 * `--server-warmup-ms N`, `--rates 10,80` and `--sinks 195,495` (the S1 grid), `--boards 500`
 * (the S3 board counts), `--s5-clients N` and `--s5-boards N` (the S5 storm), `--hold` (our server
 * also reports how long it holds each live update, at a CPU cost the peers do not pay) and the S8 flags;
 * throws TypeError on a bad flag.
 */
export function parseArgs(argv: readonly string[]): BenchConfig {
  const quick = argv.includes('--quick');
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const known = new Set(['--quick', '--hold', '--only', '--servers', '--reps', '--window-ms', '--server-warmup-ms', '--rates', '--sinks', '--boards', '--s5-clients', '--s5-boards', ...churnFlags]);
  for (const [i, arg] of argv.entries()) {
    if (arg.startsWith('--') && !known.has(arg)) throw new TypeError(`unknown flag ${arg}`);
    if (!arg.startsWith('--') && !known.has(argv[i - 1] ?? '')) throw new TypeError(`unexpected argument ${arg}`);
  }
  // The quick run leaves S9 out unless asked for: the peers take seconds to recover from its abuse.
  // S8 (a 10-minute soak per server) runs only when asked for.
  const defaultOnly = scenarioIds.filter((id) => id !== 'S8' && !(quick && id === 'S9'));
  const only = (value('--only') ?? defaultOnly.join(',')).split(',').map((s) => s.trim().toUpperCase());
  for (const id of only) if (!(scenarioIds as readonly string[]).includes(id)) throw new TypeError(`unknown scenario ${id} (known: ${scenarioIds.join(', ')})`);
  const servers = (value('--servers') ?? serverNames.join(',')).split(',').map((s) => s.trim());
  for (const s of servers) if (!(serverNames as readonly string[]).includes(s)) throw new TypeError(`unknown server ${s} (known: ${serverNames.join(', ')})`);
  const reps = Number(value('--reps') ?? (quick ? 1 : 3));
  const windowMs = Number(value('--window-ms') ?? (quick ? 2_500 : 10_000));
  if (!Number.isInteger(reps) || reps < 1 || reps > 9) throw new TypeError('--reps must be 1 to 9');
  if (!Number.isFinite(windowMs) || windowMs < 500 || windowMs > 60_000) throw new TypeError('--window-ms must be 500 to 60000');
  const warmupArg = value('--server-warmup-ms');
  const serverWarmupMs = warmupArg === undefined ? (quick ? 0 : 15_000) : warmupArg.trim() === '' ? Number.NaN : Number(warmupArg);
  if (!Number.isInteger(serverWarmupMs) || serverWarmupMs < 0 || serverWarmupMs > 120_000) throw new TypeError('--server-warmup-ms must be 0 to 120000');
  const list = (flag: string, fallback: number[], max: number): number[] => {
    const raw = value(flag);
    if (raw === undefined) return fallback;
    const numbers = raw.split(',').map((n) => Number(n.trim()));
    if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > max)) throw new TypeError(`${flag} takes whole numbers from 1 to ${max}, comma-separated`);
    return numbers;
  };
  return {
    quick,
    hold: argv.includes('--hold'),
    reps,
    warmupMs: quick ? 1_000 : 2_000,
    serverWarmupMs,
    windowMs,
    only: only as ScenarioId[],
    servers: servers as ServerName[],
    s1Rates: list('--rates', quick ? [10, 40] : [10, 20, 40, 80], 200),
    s1Sinks: list('--sinks', quick ? [195] : [45, 195, 495], 2000),
    s3Boards: list('--boards', quick ? [100] : [100, 500], 2000),
    s7Sinks: quick ? 45 : 195,
    s8: churnSettings(value),
    ...s5Sizes(list, quick),
  };
}

/** The S5 storm's size: 500 clients on 50 boards (BENCHMARK), 100 on 10 with `--quick`; at least 2 clients (the probes) per board. */
function s5Sizes(list: (flag: string, fallback: number[], max: number) => number[], quick: boolean): { s5Clients: number; s5Boards: number } {
  const [s5Clients = 0] = list('--s5-clients', [quick ? 100 : 500], 5000);
  const [s5Boards = 0] = list('--s5-boards', [quick ? 10 : 50], 1000);
  if (s5Clients < 2 * s5Boards) throw new TypeError('--s5-clients must be at least 2 per board (the probes)');
  return { s5Clients, s5Boards };
}

/** The flags of S8 and their defaults (BENCHMARK.md: 20k connections over 2,000 boards in 10 minutes, sampled every 10 s). */
const churnDefaults = { '--s8-duration-s': 600, '--s8-connections': 20_000, '--s8-boards': 2_000, '--s8-idle-s': 150, '--s8-sample-s': 10 } as const;
const churnFlags = Object.keys(churnDefaults);

/** S8's settings from its flags; throws TypeError on a bad value. */
function churnSettings(value: (flag: string) => string | undefined): ChurnSettings {
  const [durationS, connections, boards, idleS, sampleS] = Object.entries(churnDefaults).map(([flag, fallback]) => {
    const raw = value(flag);
    const n = raw === undefined ? fallback : raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new TypeError(`${flag} takes a whole number from 1 to 1000000`);
    return n;
  }) as [number, number, number, number, number];
  if (boards > connections) throw new TypeError('--s8-boards must be at most --s8-connections');
  return { durationS, connections, boards, idleS, sampleS };
}
