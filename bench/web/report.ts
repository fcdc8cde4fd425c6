import { percentile } from '../realtime/stats.js';

/** Frame times of the drag and first paints of the smaller board, as measured in Chromium. */
export interface WebBenchResults {
  readonly items: number;
  readonly paintItems: number;
  readonly select: number;
  readonly dragMs: number;
  /** requestAnimationFrame deltas while the mouse dragged, in ms. */
  readonly frameMs: readonly number[];
  /** Items of the selection whose stored position changed (read back through REST). */
  readonly moved: number;
  /** `body[data-first-paint-ms]` of each fresh load of the smaller board. */
  readonly firstPaintMs: readonly number[];
  /** Load average (1 min) when the bench started and ended. */
  readonly loadAverage: { readonly start: number; readonly end: number };
  readonly chromium: string;
  readonly node: string;
  readonly cores: number;
  readonly when: string;
}

/** Targets of issue 53. */
export const webTargets = { frameP95Ms: 33, firstPaintMs: 1000 } as const;

/** p50, p95 and max of `samples` (nearest rank), null when there are none. */
export function frameSummary(samples: readonly number[]): { p50: number | null; p95: number | null; max: number | null } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? null };
}

const ms = (value: number | null): string => (value === null ? '–' : `${value.toFixed(1)} ms`);

const verdict = (value: number | null, target: number): string => (value === null ? 'not measured' : value < target ? 'met' : 'missed');

/** The Markdown report written to `bench/results/web-latest.md`. */
export function renderWebReport(results: WebBenchResults): string {
  const frames = frameSummary(results.frameMs);
  const paints = [...results.firstPaintMs].sort((a, b) => a - b);
  const paintMedian = percentile(paints, 50);
  const slowFrames = results.frameMs.filter((f) => f > webTargets.frameP95Ms).length;
  return [
    '# Web app benchmark (`npm run bench:web`)',
    '',
    `${results.when}; Chromium ${results.chromium} headless, Node ${results.node}, ${results.cores} cores; load average (1 min) ${results.loadAverage.start.toFixed(2)} at the start, ${results.loadAverage.end.toFixed(2)} at the end.`,
    'The server runs as `npm start` does, on the same machine as the browser.',
    '',
    `## Dragging ${results.select} selected items on a ${results.items.toLocaleString('en-US')}-item board`,
    '',
    `The mouse moves once a frame for ${results.dragMs} ms; frame times are the deltas of requestAnimationFrame in the page.`,
    '',
    '| frames | p50 | p95 | max | frames over 33 ms | p95 target | items moved (REST) |',
    '|---|---|---|---|---|---|---|',
    `| ${results.frameMs.length} | ${ms(frames.p50)} | ${ms(frames.p95)} | ${ms(frames.max)} | ${slowFrames} | under ${webTargets.frameP95Ms} ms: ${verdict(frames.p95, webTargets.frameP95Ms)} | ${results.moved} of ${results.select} |`,
    '',
    `## First paint of a ${results.paintItems.toLocaleString('en-US')}-item board`,
    '',
    '`body[data-first-paint-ms]` (the `boards:first-paint` mark) of fresh page loads, signed in.',
    '',
    '| loads | median | max | each | target |',
    '|---|---|---|---|---|',
    `| ${paints.length} | ${ms(paintMedian)} | ${ms(paints.at(-1) ?? null)} | ${results.firstPaintMs.map((p) => p.toFixed(0)).join(', ')} | under ${webTargets.firstPaintMs} ms: ${verdict(paintMedian, webTargets.firstPaintMs)} |`,
    '',
  ].join('\n');
}
