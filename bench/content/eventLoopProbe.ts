import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { IntervalHistogram } from 'node:perf_hooks';
import type { StallCause } from './stallCauses.js';
import { stallRecorder, stallThresholdMs } from './stallCauses.js';

/**
 * Preloaded into a bench server (`node --import <this file> bin/boards.js start`, with an IPC
 * channel): measures the server's own event-loop delay with `perf_hooks.monitorEventLoopDelay`
 * while the load generator asks. Messages: `{ probe: 'start' }` resets and starts the
 * histogram and answers `started` (the load generator waits for it, so the first turns of what it
 * measures are not run before the histogram is); `{ probe: 'stop' }` stops it and answers with an `EventLoopDelay`;
 * `{ probe: 'memory' }` runs a full garbage collection when the server was started with
 * `--expose-gc` and answers with its `MemoryFigures`.
 */

/** Sampling interval of the histogram, in ms (Node's default). Each sample is this interval plus the delay. */
export const probeResolutionMs = 10;

/** The server's event-loop delay over a window: how late the loop ran a timer due every `probeResolutionMs`, in ms. */
export interface EventLoopDelay {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /**
   * The longest lateness of a JavaScript `setInterval` timer due every `probeResolutionMs` over
   * the same window, in ms: a second measure of the longest stall. In the server process
   * `monitorEventLoopDelay` has reported less than this for the same window (23 against 65 ms
   * around a duplicate of a 10k-item board), so both are reported.
   */
  timerMax: number;
  /**
   * The timer's ticks more than `stallThresholdMs` late, longest first (at most five), each with
   * where the interval went: the main thread's CPU and its collections, its wait for the core,
   * time off the CPU, steal.
   */
  stalls: StallCause[];
}

/** The server's memory after a full collection, in MB. */
export interface MemoryFigures {
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  /** False when the server was started without `--expose-gc` (the figures then include garbage). */
  collected: boolean;
}

/** A message of the probe protocol. */
export type ProbeMessage =
  | { probe: 'start' }
  | { probe: 'started' }
  | { probe: 'stop' }
  | { probe: 'result'; delay: EventLoopDelay }
  | { probe: 'memory' }
  | { probe: 'memoryResult'; memory: MemoryFigures };

function memoryFigures(): MemoryFigures {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const usage = process.memoryUsage();
  const mb = (bytes: number): number => bytes / (1024 * 1024);
  return { rssMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed), externalMb: mb(usage.external), collected: gc !== undefined };
}

function delayOf(histogram: IntervalHistogram, timer: { max: number; stalls: StallCause[] }): EventLoopDelay {
  const ms = (ns: number): number => Math.max(0, ns / 1e6 - probeResolutionMs);
  return { samples: histogram.count, p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), timerMax: timer.max, stalls: timer.stalls };
}

/** The longest lateness of a timer due every `probeResolutionMs`, from `start` until `stop`, and the causes of its late ticks. */
function timerLateness(): { start(): void; stop(): { max: number; stalls: StallCause[] } } {
  let timer: NodeJS.Timeout | undefined;
  let last = 0;
  let worst = 0;
  const stalls = stallRecorder(stallThresholdMs, probeResolutionMs);
  return {
    start() {
      clearInterval(timer);
      worst = 0;
      stalls.start();
      last = performance.now();
      timer = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last - probeResolutionMs);
        last = now;
        stalls.tick();
      }, probeResolutionMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      stalls.tick();
      return { max: Math.max(worst, performance.now() - last - probeResolutionMs), stalls: stalls.causes(5) };
    },
  };
}

function install(): void {
  const send = process.send?.bind(process);
  if (send === undefined) return;
  const histogram = monitorEventLoopDelay({ resolution: probeResolutionMs });
  const lateness = timerLateness();
  process.on('message', (message: ProbeMessage) => {
    if (message.probe === 'start') {
      histogram.reset();
      histogram.enable();
      lateness.start();
      send({ probe: 'started' } satisfies ProbeMessage);
    } else if (message.probe === 'stop') {
      histogram.disable();
      const reply: ProbeMessage = { probe: 'result', delay: delayOf(histogram, lateness.stop()) };
      send(reply);
    } else if (message.probe === 'memory') {
      const reply: ProbeMessage = { probe: 'memoryResult', memory: memoryFigures() };
      send(reply);
    }
  });
  // The channel must not keep the server alive once it shuts down.
  process.channel?.unref();
}

install();
