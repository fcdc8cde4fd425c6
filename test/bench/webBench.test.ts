import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebBenchUsageError, defaultWebBenchConfig, parseWebBenchArgs } from '../../bench/web/config.js';
import { frameSummary, renderWebReport } from '../../bench/web/report.js';

describe('npm run bench:web: its command line', () => {
  it('takes the defaults and whole numbers in range', () => {
    expect(parseWebBenchArgs([])).toEqual({ items: 5000, paintItems: 1000, paintRuns: 5, select: 50, dragMs: 2000 });
    expect(parseWebBenchArgs(['--items', '300', '--select', '10', '--drag-ms', '500', '--paint-items', '20', '--paint-runs', '2'])).toEqual({
      items: 300,
      paintItems: 20,
      paintRuns: 2,
      select: 10,
      dragMs: 500,
    });
  });

  it('refuses unknown flags, positionals, and values out of range or not whole', () => {
    for (const [args, message] of [
      [['--fast'], "Unknown option '--fast'"],
      [['extra'], 'extra'],
      [['--items', '0'], '--items must be a whole number from 1 to 50000'],
      [['--items', '1e3'], '--items must be a whole number'],
      [['--select', '-3'], "'--select'"],
      [['--drag-ms', '2.5'], '--drag-ms must be a whole number from 200 to 60000'],
      [['--items', '10', '--select', '20'], '--select cannot exceed --items'],
      [['--items'], "'--items"],
    ] as const) {
      expect(() => parseWebBenchArgs(args), args.join(' ')).toThrow(WebBenchUsageError);
      expect(() => parseWebBenchArgs(args)).toThrow(message);
    }
  });

  it('the built command exits 2 with the usage line before starting anything', () => {
    const run = (args: string[]) => spawnSync(process.execPath, [path.resolve('dist', 'bench', 'web', 'run.js'), ...args], { encoding: 'utf8', timeout: 30_000 });
    for (const args of [['--fast'], ['--select', '0'], ['--paint-runs', 'many']]) {
      const result = run(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('usage: npm run bench:web [-- --items <count>');
      expect(result.stdout).toBe('');
    }
  });
});

describe('npm run bench:web: its report', () => {
  it('gives p50, p95 and max of the frame times by nearest rank, and the targets met or missed', () => {
    const frames = [...Array.from({ length: 94 }, () => 16.7), 20, 40, 50, 60, 70, 80];
    expect(frameSummary(frames)).toEqual({ p50: 16.7, p95: 20, max: 80 });
    expect(frameSummary([])).toEqual({ p50: null, p95: null, max: null });
    const report = renderWebReport({
      ...defaultWebBenchConfig,
      frameMs: frames,
      moved: 50,
      firstPaintMs: [900, 1200, 800],
      loadAverage: { start: 0.5, end: 0.7 },
      chromium: '140.0',
      node: 'v22.0.0',
      cores: 2,
      when: '2026-11-29T12:00:00.000Z',
    });
    expect(report).toContain('| 100 | 16.7 ms | 20.0 ms | 80.0 ms | 5 | under 33 ms: met | 50 of 50 |');
    expect(report).toContain('| 3 | 900.0 ms | 1200.0 ms | 900, 1200, 800 | under 1000 ms: met |');
    expect(report).toContain('load average (1 min) 0.50 at the start, 0.70 at the end');
  });
});
