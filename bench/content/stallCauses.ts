import { closeSync, openSync, readSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';

/**
 * Where the time of a long event-loop stall went, from inside the server process: read by the
 * probe's timer at every tick (three small `/proc` reads, a few microseconds each), so that a
 * tick that comes late can say what the interval since the one before it was spent on. A stall is
 * either the main thread's own work (on the CPU, garbage collection included), or a wait for the
 * core while something else ran on it (the scheduler's run delay: our other threads, or another
 * process), or time off the CPU altogether (a blocking system call, such as a synchronous disk
 * write), or time the hypervisor took from the virtual core (steal).
 */
export interface StallCause {
  /** Seconds from the start of the window to the late tick. */
  atS: number;
  /** How late the tick ran, in ms (the interval since the tick before, less the timer's period). */
  lateMs: number;
  /** The interval since the tick before, in ms. */
  intervalMs: number;
  /** The main thread's time on the CPU in that interval (`/proc/thread-self/schedstat`), in ms. */
  cpuMs: number;
  /** Of it, garbage collection reported by V8 (`PerformanceObserver` 'gc' entries overlapping the interval), in ms. */
  gcMs: number;
  /** Of that, major (mark-compact) collections, in ms. */
  gcMajorMs: number;
  /** The main thread's wait for a core while runnable (the scheduler's run delay), in ms. */
  runDelayMs: number;
  /** The process's other threads' CPU in that interval (`/proc/self/stat`, in 10 ms ticks), in ms. */
  otherThreadsCpuMs: number;
  /** Time stolen from the server's core by the hypervisor (`/proc/stat`, 10 ms ticks), in ms. */
  stealMs: number;
  /** The rest of the interval: off the CPU and not waiting for it (asleep in a system call, or the loop idle before the timer was due), in ms. */
  offCpuMs: number;
}

/** A tick later than this is explained (issue 16's target: no stall over 20 ms). */
export const stallThresholdMs = 20;

interface Reading {
  atMs: number;
  execNs: number;
  runDelayNs: number;
  processTicks: number;
  stealTicks: number;
}

/** USER_HZ: the unit of `/proc/self/stat` and `/proc/stat` (100 on Linux). */
const tickMs = 10;

/** Reads a `/proc` file through a descriptor opened once, from offset 0 each time. */
function procFile(path: string): { read(): string; close(): void } | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  const buffer = Buffer.alloc(4096);
  return {
    read: () => buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0)),
    close: () => closeSync(fd),
  };
}

/** The core this process may run on when it is pinned to one (the bench pins the server), else undefined. */
function pinnedCore(status: string): number | undefined {
  const list = /Cpus_allowed_list:\s*(\S+)/.exec(status)?.[1];
  return list !== undefined && /^\d+$/.test(list) ? Number(list) : undefined;
}

/**
 * Keeps the readings and the collections of a measuring window and explains each tick later than
 * `thresholdMs`. `tick()` is called by the probe's timer (on the main thread); `causes()` gives the
 * explained stalls, longest first, with the collections V8 reported after the late tick counted.
 */
export function stallRecorder(thresholdMs: number, periodMs: number) {
  // Opened on the main thread: thread-self is the thread that opens it.
  const thread = procFile('/proc/thread-self/schedstat');
  const processStat = procFile('/proc/self/stat');
  const status = procFile('/proc/self/status');
  const core = status === undefined ? undefined : pinnedCore(status.read());
  status?.close();
  const stat = procFile('/proc/stat');
  const coreLine = new RegExp(`^cpu${core ?? ''} (.*)$`, 'm');
  const gcs: { start: number; end: number; major: boolean }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
      if (gcs.length < 100_000) gcs.push({ start: entry.startTime, end: entry.startTime + entry.duration, major: kind === constants.NODE_PERFORMANCE_GC_MAJOR });
    }
  });
  let began = 0;
  let last: Reading | undefined;
  const late: { before: Reading; after: Reading }[] = [];

  const read = (): Reading | undefined => {
    if (thread === undefined || processStat === undefined) return undefined;
    const [execNs = 0, runDelayNs = 0] = thread.read().split(' ').map(Number);
    // utime and stime are the 14th and 15th fields; the command name before them may hold spaces.
    const line = processStat.read();
    const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
    const processTicks = Number(fields[11]) + Number(fields[12]);
    // A cpu line: user nice system idle iowait irq softirq steal ...
    const stealTicks = Number(coreLine.exec(stat?.read() ?? '')?.[1]?.trim().split(/\s+/)[7] ?? 0);
    return { atMs: performance.now(), execNs, runDelayNs, processTicks, stealTicks };
  };

  return {
    start(): void {
      gcs.length = 0;
      late.length = 0;
      began = performance.now();
      last = read();
      observer.observe({ entryTypes: ['gc'] });
    },
    tick(): void {
      const now = read();
      if (now !== undefined && last !== undefined && now.atMs - last.atMs - periodMs > thresholdMs) late.push({ before: last, after: now });
      last = now;
    },
    /** Stops observing and explains the late ticks, longest first (at most `limit`). */
    causes(limit: number): StallCause[] {
      observer.disconnect();
      const explained = late.map(({ before, after }): StallCause => {
        const intervalMs = after.atMs - before.atMs;
        const cpuMs = (after.execNs - before.execNs) / 1e6;
        const runDelayMs = (after.runDelayNs - before.runDelayNs) / 1e6;
        let gcMs = 0;
        let gcMajorMs = 0;
        for (const gc of gcs) {
          const overlap = Math.min(gc.end, after.atMs) - Math.max(gc.start, before.atMs);
          if (overlap <= 0) continue;
          gcMs += overlap;
          if (gc.major) gcMajorMs += overlap;
        }
        return {
          atS: (after.atMs - began) / 1000,
          lateMs: intervalMs - periodMs,
          intervalMs,
          cpuMs,
          gcMs,
          gcMajorMs,
          runDelayMs,
          otherThreadsCpuMs: Math.max(0, (after.processTicks - before.processTicks) * tickMs - cpuMs),
          stealMs: (after.stealTicks - before.stealTicks) * tickMs,
          offCpuMs: Math.max(0, intervalMs - cpuMs - runDelayMs),
        };
      });
      return explained.sort((a, b) => b.lateMs - a.lateMs).slice(0, limit);
    },
  };
}

/** One line for a report: "61.0 ms at 12.3 s: 58.2 on the CPU (GC 51.0, major 50.1), 1.2 waiting for the core, …". */
export function describeStall(cause: StallCause): string {
  const ms = (value: number): string => value.toFixed(1);
  return (
    `${ms(cause.lateMs)} ms late at ${cause.atS.toFixed(1)} s (interval ${ms(cause.intervalMs)} ms): ` +
    `${ms(cause.cpuMs)} on the CPU (GC ${ms(cause.gcMs)}, major ${ms(cause.gcMajorMs)}), ` +
    `${ms(cause.runDelayMs)} waiting for the core (our other threads ran ${ms(cause.otherThreadsCpuMs)}; steal ${ms(cause.stealMs)}), ` +
    `${ms(cause.offCpuMs)} off the CPU`
  );
}
