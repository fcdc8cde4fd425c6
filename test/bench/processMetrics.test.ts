import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessMetrics, benchMetricsToken } from '../../bench/cluster/processMetrics.js';

/** A `/metrics` that answers `scrapes` in turn (the last one again after that), to the bench's token only. */
async function metricsServer(scrapes: string[]): Promise<{ http: string; close: () => Promise<void> }> {
  let served = 0;
  const server = createServer((req, res) => {
    if (req.url !== '/metrics' || req.headers.authorization !== `Bearer ${benchMetricsToken}`) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(scrapes[Math.min(served, scrapes.length - 1)]);
    served += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { http: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A scrape with cumulative append buckets `appends` (bounds 1, 2.5, 5 ms, +Inf), GC pauses and event-loop gauges. */
function scrape(appends: [number, number, number, number], gc: { minor: number; major: number; sum: number }, lagP99: number, lagMax: number): string {
  return [
    '# HELP boards_document_append_duration_seconds Duration of appends.',
    '# TYPE boards_document_append_duration_seconds histogram',
    `boards_document_append_duration_seconds_bucket{le="0.001"} ${appends[0]}`,
    `boards_document_append_duration_seconds_bucket{le="0.0025"} ${appends[1]}`,
    `boards_document_append_duration_seconds_bucket{le="0.005"} ${appends[2]}`,
    `boards_document_append_duration_seconds_bucket{le="+Inf"} ${appends[3]}`,
    `boards_document_append_duration_seconds_count ${appends[3]}`,
    `nodejs_eventloop_lag_p99_seconds ${lagP99}`,
    `nodejs_eventloop_lag_max_seconds ${lagMax}`,
    `nodejs_gc_duration_seconds_bucket{le="0.001",kind="minor"} ${gc.minor}`,
    `nodejs_gc_duration_seconds_bucket{le="0.01",kind="minor"} ${gc.minor}`,
    `nodejs_gc_duration_seconds_bucket{le="+Inf",kind="minor"} ${gc.minor}`,
    `nodejs_gc_duration_seconds_bucket{le="0.001",kind="major"} 0`,
    `nodejs_gc_duration_seconds_bucket{le="0.01",kind="major"} ${gc.major}`,
    `nodejs_gc_duration_seconds_bucket{le="+Inf",kind="major"} ${gc.major}`,
    `nodejs_gc_duration_seconds_sum{kind="minor"} ${gc.sum / 2}`,
    `nodejs_gc_duration_seconds_sum{kind="major"} ${gc.sum / 2}`,
    '',
  ].join('\n');
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe("bench:cluster's reading of a process's /metrics over a window", () => {
  it('counts only what the window added: appends and their p50 and p99 buckets, GC pauses, and the event-loop delay of the last scrape', async () => {
    // Before: 100 appends, all under 1 ms. Window: 100 more, 90 under 1 ms, 9 under 2.5 ms, 1 under 5 ms.
    const server = await metricsServer([
      scrape([100, 100, 100, 100], { minor: 10, major: 0, sum: 0.02 }, 0.05, 0.2),
      scrape([190, 199, 200, 200], { minor: 13, major: 1, sum: 0.03 }, 0.0123, 0.0456),
    ]);
    closers.push(server.close);
    const metrics = new ProcessMetrics(server.http);
    await metrics.start();
    const window = await metrics.window();
    expect(window.appends).toEqual({ count: 100, p50Ms: 1, p99Ms: 2.5 });
    expect(window.loopDelay).toEqual({ p99Ms: 12.3, maxMs: 45.6 });
    expect(window.gc).toEqual({ count: 4, totalMs: 10, longestMs: 10 });
  });

  it('gives no quantiles for a window without appends', async () => {
    const server = await metricsServer([scrape([5, 5, 5, 5], { minor: 0, major: 0, sum: 0 }, 0.001, 0.002)]);
    closers.push(server.close);
    const metrics = new ProcessMetrics(server.http);
    await metrics.start();
    expect((await metrics.window()).appends).toEqual({ count: 0, p50Ms: null, p99Ms: null });
  });
});
