/** Settings of one `npm run bench:cluster` run, from the command line. */
export interface ClusterBenchConfig {
  quick: boolean;
  /** Fan-out: sinks on the readers' process, the rate per writer (S1's R), warm-up and window per measurement, repetitions of each. */
  sinks: number;
  ratePerWriter: number;
  warmupMs: number;
  windowMs: number;
  reps: number;
  /** Unmeasured cross-process fan-out each fresh pair of processes gets first (fresh code runs unoptimised). */
  serverWarmupMs: number;
  /** REST creates: boards spread over, concurrent requests, warm-up and measured time per run. */
  restBoards: number;
  restConcurrency: number;
  restWarmupMs: number;
  restMs: number;
  /** How long the writers write before the `kill -9`. */
  killAfterMs: number;
  /** Leave Hocuspocus out (no peers installed, say). */
  skipHocuspocus: boolean;
  /** Only the REST creates of ours (one process, then two): figures and ratios printed, no results file written. */
  restOnly: boolean;
  /** Only the store statements of a REST create, prepared against unprepared (`statements.ts`): figures and ratio printed, no results file written. */
  statementsOnly: boolean;
  /** Only the fan-out of ours (and of Hocuspocus unless left out), with its hops and ratios: no REST creates, no kill, no results file written. */
  fanoutOnly: boolean;
  /** Counts PostgreSQL's statements per REST create (`pg_stat_statements`; `--pg-statements`). */
  pgStatements: boolean;
}

const known = ['--quick', '--sinks', '--rate', '--window-ms', '--reps', '--server-warmup-ms', '--rest-ms', '--kill-after-ms', '--no-hocuspocus', '--rest-only', '--statements-only', '--fanout-only', '--pg-statements'];

/**
 * Parses `--quick` (a smoke run of seconds), `--sinks N`, `--rate N`, `--window-ms N`, `--reps N`, `--server-warmup-ms N`,
 * `--rest-ms N`, `--kill-after-ms N`, `--no-hocuspocus`, `--rest-only`, `--statements-only`, `--fanout-only` and `--pg-statements`; throws TypeError on a bad flag.
 */
export function parseClusterArgs(argv: readonly string[]): ClusterBenchConfig {
  for (const [i, arg] of argv.entries()) {
    if (arg.startsWith('--') && !known.includes(arg)) throw new TypeError(`unknown flag ${arg} (known: ${known.join(', ')})`);
    if (!arg.startsWith('--') && !known.includes(argv[i - 1] ?? '')) throw new TypeError(`unexpected argument ${arg}`);
  }
  const quick = argv.includes('--quick');
  const number = (flag: string, fallback: number, min: number, max: number): number => {
    const i = argv.indexOf(flag);
    if (i < 0) return fallback;
    const value = Number(argv[i + 1]);
    if (!Number.isInteger(value) || value < min || value > max) throw new TypeError(`${flag} takes a whole number from ${min} to ${max}`);
    return value;
  };
  const windowMs = number('--window-ms', quick ? 2_000 : 10_000, 500, 120_000);
  const restMs = number('--rest-ms', quick ? 2_000 : 15_000, 500, 300_000);
  return {
    quick,
    sinks: number('--sinks', quick ? 20 : 195, 0, 2_000),
    ratePerWriter: number('--rate', 20, 1, 200),
    warmupMs: quick ? 500 : 2_000,
    windowMs,
    reps: number('--reps', quick ? 1 : 3, 1, 9),
    serverWarmupMs: number('--server-warmup-ms', quick ? 0 : 10_000, 0, 120_000),
    restBoards: quick ? 10 : 100,
    restConcurrency: 16,
    restWarmupMs: Math.min(3_000, Math.round(restMs / 4)),
    restMs,
    killAfterMs: number('--kill-after-ms', quick ? 2_000 : 5_000, 500, 60_000),
    skipHocuspocus: argv.includes('--no-hocuspocus') || argv.includes('--rest-only') || argv.includes('--statements-only'),
    restOnly: argv.includes('--rest-only'),
    statementsOnly: argv.includes('--statements-only'),
    fanoutOnly: argv.includes('--fanout-only'),
    pgStatements: argv.includes('--pg-statements'),
  };
}
