import { describe, expect, it } from 'vitest';
import { churnTable } from '../../bench/realtime/churnSummary.js';
import { parseArgs } from '../../bench/realtime/config.js';
import { isResultLine } from '../../bench/realtime/result.js';
import type { ChurnSample } from '../../bench/realtime/scenarioS8.js';
import { churnLine, openFds, slope } from '../../bench/realtime/scenarioS8.js';

describe('S8, the churn soak, in the realtime bench', () => {
  it('runs only when asked for, with the sizes of BENCHMARK.md unless its flags say otherwise', () => {
    expect(parseArgs([]).only).not.toContain('S8');
    expect(parseArgs(['--quick']).only).not.toContain('S8');
    expect(parseArgs(['--only', 's8']).only).toEqual(['S8']);
    expect(parseArgs([]).s8).toEqual({ durationS: 600, connections: 20_000, boards: 2_000, idleS: 150, sampleS: 10 });
    const small = parseArgs(['--only', 'S8', '--s8-duration-s', '60', '--s8-connections', '2000', '--s8-boards', '200', '--s8-idle-s', '80', '--s8-sample-s', '5']);
    expect(small.s8).toEqual({ durationS: 60, connections: 2_000, boards: 200, idleS: 80, sampleS: 5 });
  });

  it('refuses a bad flag value by name', () => {
    for (const flag of ['--s8-duration-s', '--s8-connections', '--s8-boards', '--s8-idle-s', '--s8-sample-s']) {
      for (const bad of ['', 'x', '0', '-5', '1.5', '1000001']) expect(() => parseArgs([flag, bad])).toThrow(new RegExp(flag));
    }
    expect(() => parseArgs(['--s8-boards', '300', '--s8-connections', '200'])).toThrow(/--s8-boards/);
  });

  it('reports levels at the start, after the load and after idle, and least-squares slopes per minute over the load', () => {
    expect(slope([[0, 1], [1, 3], [2, 5]])).toBeCloseTo(2);
    expect(slope([[0, 1]])).toBeNull();
    const sample = (t: number, phase: ChurnSample['phase'], rssMB: number, residentDocs: number, fds: number): ChurnSample => ({ t, phase, rssMB, anonMB: rssMB / 2, heapMB: rssMB / 4, residentDocs, fds });
    const samples = [sample(0, 'start', 80, 0, 30), sample(30, 'load', 110, 200, 60), sample(60, 'load', 140, 200, 40), sample(120, 'idle', 84, 0, 30)];
    const line = churnLine({ name: 'ours', version: '1' }, { durationS: 60, connections: 2000, boards: 200, idleS: 60, sampleS: 10 }, samples, { started: 2000, synced: 1998, failed: 2, firstError: 'not synced within 15 s', peakOpen: 12 }, 61);
    expect(isResultLine(line)).toBe(true);
    expect(line).toMatchObject({ scenario: 'S8', sent: 2000, rssMaxMB: 140 });
    expect(line.errors).toEqual(['2 of 2000 connections failed (first: not synced within 15 s)']);
    expect(line.extra).toMatchObject({
      rssStartMB: 80,
      rssAfterLoadMB: 140,
      rssAfterIdleMB: 84,
      rssAfterIdleVsStart: 1.05,
      // 30 MB per half minute over the two load samples.
      rssSlopeMBPerMin: 60,
      residentDocsAfterLoad: 200,
      residentDocsAfterIdle: 0,
      fdsStart: 30,
      fdsAfterLoad: 40,
      fdsAfterIdle: 30,
      fdSlopePerMin: -40,
    });
    const table = churnTable([line]).join('\n');
    expect(table).toContain('## S8: churn soak');
    expect(table).toContain('| ours 1 | 2000 / 200 / 60 | 80.0 → 140.0 → 84.0 | 1.050 | 60.00 |');
  });

  it('counts the open file descriptors of a process', () => {
    expect(openFds(process.pid)).toBeGreaterThan(2);
    expect(openFds(2 ** 22 + 1)).toBeNull();
  });
});
