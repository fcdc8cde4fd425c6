import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { median, round } from './stats.js';

/** A figure of a cell; null when it does not apply or was not measured. */
export type Figure = number | null;

/** One cell of the benchmark, written as one JSON line (BENCHMARK "Output"), plus scenario extras. */
export interface ResultLine {
  server: string;
  version: string;
  scenario: string;
  params: Record<string, number | string>;
  sent: Figure;
  deliveredAtProbes: Figure;
  p50: Figure;
  p99: Figure;
  max: Figure;
  cpuPct: Figure;
  rssMaxMB: Figure;
  bytesOut: Figure;
  errors: string[];
  /** Scenario-specific figures (e.g. `timeToCorrectSyncMs`, `storageReads`, `lostAcked`, `loadgenCpuPct`). */
  extra: Record<string, Figure | string>;
}

/** The keys every result line has, in output order. */
export const resultKeys = ['server', 'version', 'scenario', 'params', 'sent', 'deliveredAtProbes', 'p50', 'p99', 'max', 'cpuPct', 'rssMaxMB', 'bytesOut', 'errors', 'extra'] as const;

const figureKeys = ['sent', 'deliveredAtProbes', 'p50', 'p99', 'max', 'cpuPct', 'rssMaxMB', 'bytesOut'] as const;

/** True when `value` has the shape of a `ResultLine` (used by the test and when reading old results). */
export function isResultLine(value: unknown): value is ResultLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const isFigure = (x: unknown): boolean => x === null || (typeof x === 'number' && Number.isFinite(x));
  return (
    typeof v.server === 'string' &&
    typeof v.version === 'string' &&
    typeof v.scenario === 'string' &&
    typeof v.params === 'object' &&
    v.params !== null &&
    figureKeys.every((k) => isFigure(v[k])) &&
    Array.isArray(v.errors) &&
    v.errors.every((e) => typeof e === 'string') &&
    typeof v.extra === 'object' &&
    v.extra !== null
  );
}

/** A result line with every key present and figures rounded to 2 decimals. */
export function resultLine(fields: Partial<ResultLine> & Pick<ResultLine, 'server' | 'version' | 'scenario' | 'params'>): ResultLine {
  const line: ResultLine = {
    server: fields.server,
    version: fields.version,
    scenario: fields.scenario,
    params: fields.params,
    sent: fields.sent ?? null,
    deliveredAtProbes: fields.deliveredAtProbes ?? null,
    p50: round(fields.p50 ?? null),
    p99: round(fields.p99 ?? null),
    max: round(fields.max ?? null),
    cpuPct: round(fields.cpuPct ?? null, 1),
    rssMaxMB: round(fields.rssMaxMB ?? null, 1),
    bytesOut: fields.bytesOut ?? null,
    errors: fields.errors ?? [],
    extra: Object.fromEntries(Object.entries(fields.extra ?? {}).map(([k, x]) => [k, typeof x === 'number' ? round(x, 3) : x])),
  };
  return line;
}

/** Folds repetitions of one cell into one line: the median of every figure, errors of all repetitions. */
export function medianOfRepetitions(reps: readonly ResultLine[]): ResultLine {
  const [first] = reps;
  if (first === undefined) throw new TypeError('medianOfRepetitions needs at least one line');
  const extraKeys = new Set(reps.flatMap((r) => Object.keys(r.extra)));
  const extra: Record<string, Figure | string> = {};
  for (const key of extraKeys) {
    const values = reps.map((r) => r.extra[key]);
    const numbers = values.filter((x): x is number => typeof x === 'number');
    extra[key] = numbers.length > 0 ? median(numbers) : (values.find((x) => typeof x === 'string') ?? null);
  }
  const figures = Object.fromEntries(figureKeys.map((k) => [k, median(reps.map((r) => r[k]))])) as Record<(typeof figureKeys)[number], Figure>;
  const errors = [...new Set(reps.flatMap((r, i) => r.errors.map((e) => (reps.length > 1 ? `rep ${i + 1}: ${e}` : e))))];
  return resultLine({ ...first, ...figures, errors, extra, params: { ...first.params, reps: reps.length } });
}

/** Appends one JSON line to `file` (creating its folder). */
export function appendResult(file: string, line: ResultLine): void {
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}
