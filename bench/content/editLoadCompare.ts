import { parseArgs } from 'node:util';
import type { EditLoadResult } from './editLoad.js';
import { measureEditLoad } from './editLoad.js';
import { stallSection } from './report.js';
import { stallThresholdMs } from './stallCauses.js';
import { pinLoadGenerator } from './serverProcess.js';
import type { Side } from './sideBySide.js';
import { onFreshServer, refuser, sideBySide, wholeNumberOption, writeReport } from './sideBySide.js';
import { fmt, median, nowMs } from './stats.js';

/**
 * `npm run bench:edits [-- --against <checkout> --runs N --seconds S]`: the edit-load section of
 * `npm run bench` alone, in `runs` fresh server processes: a 10,000-item board seeded through
 * batches, the server restarted on a copy of that data dir (so it loads the board, compacts its
 * log and later ends its snapshot process, as a server restarted after a burst of writes does),
 * then edited at 50 writes/s for `seconds` while the server's event-loop delay is measured inside
 * it. The longest stall is a rare event, so one run says little: this gives one row per run. With
 * `--against`, another built checkout's server takes turns with this one run by run, in
 * alternating order. Writes `bench/results/edits-latest.md`.
 */

const usage = 'usage: npm run bench:edits [-- --against <checkout> --runs N --seconds S]';

const refuse: (message: string) => never = refuser(usage);

function options(): { against: string | undefined; runs: number; seconds: number } {
  let values;
  try {
    ({ values } = parseArgs({
      options: { against: { type: 'string' }, runs: { type: 'string', default: '3' }, seconds: { type: 'string', default: '60' } },
      strict: true,
    }));
  } catch (error) {
    refuse((error as Error).message);
  }
  return { against: values.against, runs: wholeNumberOption(refuse, 'runs', values.runs, 100), seconds: wholeNumberOption(refuse, 'seconds', values.seconds, 600) };
}

const chosen = options();
const boardItems = 10_000;
/** The rate of `npm run bench` (issue 16: 50 writes/s). */
const writesPerSecond = 50;

function log(message: string): void {
  process.stderr.write(`[bench:edits] ${message}\n`);
}

/** One run: a fresh server with the probe on a copy of the side's seeded data dir, the board loaded and the server quiet, then the load. */
async function runOnce(side: Side, core: number | undefined): Promise<EditLoadResult> {
  return onFreshServer(side, { probe: true, ...(core === undefined ? {} : { core }) }, (server, api) =>
    measureEditLoad(server, api, side.ids, { writesPerSecond, durationMs: chosen.seconds * 1000 }),
  );
}

function report(sides: readonly { side: Side; results: EditLoadResult[] }[], pinned: boolean, seconds: number): string {
  const lines = [
    '# Edit-load benchmark (`npm run bench:edits`)',
    '',
    `Node ${process.version}, server pinned to core ${pinned ? '0, load generator to core 1' : 'none (fewer than 2 cores)'}; whole run ${Math.round(seconds)} s. ` +
      `A board of ${boardItems} sticky notes seeded through \`items:batch\`; each run is a fresh server process (as \`npm start\`, with the event-loop probe preloaded) on a copy of that data dir, ` +
      `the board loaded and the server quiet, then edited at ${writesPerSecond} writes/s for ${chosen.seconds} s (REST text patches and live provider edits, taking turns), as the edit-load section of \`npm run bench\`. ` +
      `Delay: \`perf_hooks.monitorEventLoopDelay\` in the server (10 ms resolution); timer: the longest lateness of a \`setInterval\` due every 10 ms over the same window. ` +
      (sides.length > 1 ? `The versions took turns run by run, in alternating order.` : ''),
    '',
    '| Version | Run | Delay p99 | Delay max | Timer max | REST patch p50 / p99 | Server time p99 |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const { side, results } of sides) {
    results.forEach((r, i) => {
      lines.push(`| ${side.name} | ${i + 1} | ${fmt(r.delay.p99, ' ms')} | ${fmt(r.delay.max, ' ms')} | ${fmt(r.delay.timerMax, ' ms')} | ${fmt(r.rest.p50)} / ${fmt(r.rest.p99, ' ms')} | ${fmt(r.restServer.p99, ' ms')} |`);
    });
  }
  lines.push('');
  for (const { side, results } of sides) {
    // The longest stall of a run: the larger of the histogram's max and the timer's (each has missed stalls the other saw).
    const maxima = results.map((r) => Math.max(r.delay.max, r.delay.timerMax));
    const over = maxima.filter((max) => max > stallThresholdMs).length;
    lines.push(`- ${side.name}: longest stall (delay max or timer max, the larger) median ${fmt(median(maxima), ' ms')}, worst ${fmt(Math.max(...maxima), ' ms')}; ${over} of ${maxima.length} runs over ${stallThresholdMs} ms.`);
  }
  lines.push('', stallSection(sides.flatMap(({ side, results }) => results.map((r, i) => [`${side.name}, run ${i + 1}`, r.delay] as const))));
  const args = [...(sides.length > 1 ? ['--against <checkout>'] : []), ...(chosen.runs === 3 ? [] : [`--runs ${chosen.runs}`]), ...(chosen.seconds === 60 ? [] : [`--seconds ${chosen.seconds}`])];
  lines.push('', `Command: \`npm run bench:edits${args.length === 0 ? '' : ` -- ${args.join(' ')}`}\`.`);
  return `${lines.join('\n')}\n`;
}

const began = nowMs();
const pinned = pinLoadGenerator();
const core = pinned ? 0 : undefined;
const sides = await sideBySide({ against: chosen.against, runs: chosen.runs, core, items: boardItems, title: 'Bench edits 10k', log, refuse, runOnce: (side) => runOnce(side, core) });
writeReport('edits-latest.md', report(sides, pinned, (nowMs() - began) / 1000), log);
