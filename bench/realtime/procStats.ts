import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (`getconf CLK_TCK`; 100 on Linux x86). */
export const clockTicksPerSecond = 100;

/** utime + stime of a process, in clock ticks; undefined once it is gone. */
export function readCpuTicks(pid: number | 'self'): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** Resident set size of a process in MB (VmRSS); undefined once it is gone. */
export function readRssMB(pid: number | 'self'): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] === undefined ? undefined : Number(match[1]) / 1024;
  } catch {
    return undefined;
  }
}

/** What a `ProcSampler` measured over its window. */
export interface ProcWindow {
  /** CPU time over wall time, in percent of one core. */
  cpuPct: number;
  /** Largest VmRSS seen, in MB. */
  rssMaxMB: number;
  wallMs: number;
}

/** Samples a process's CPU and RSS every `intervalMs` (default 250) between `start` and `stop`. */
export class ProcSampler {
  readonly #pid: number | 'self';
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #startTicks = 0;
  #startMs = 0;
  #rssMaxMB = 0;

  constructor(pid: number | 'self', intervalMs = 250) {
    this.#pid = pid;
    this.#intervalMs = intervalMs;
  }

  /** Starts a window (restarts one already running). */
  start(): void {
    this.#stopTimer();
    this.#startTicks = readCpuTicks(this.#pid) ?? 0;
    this.#startMs = performance.now();
    this.#rssMaxMB = readRssMB(this.#pid) ?? 0;
    this.#timer = setInterval(() => {
      this.#rssMaxMB = Math.max(this.#rssMaxMB, readRssMB(this.#pid) ?? 0);
    }, this.#intervalMs);
  }

  /** Ends the window and returns its figures. */
  stop(): ProcWindow {
    this.#stopTimer();
    const wallMs = performance.now() - this.#startMs;
    const ticks = (readCpuTicks(this.#pid) ?? this.#startTicks) - this.#startTicks;
    this.#rssMaxMB = Math.max(this.#rssMaxMB, readRssMB(this.#pid) ?? 0);
    const cpuPct = wallMs > 0 ? ((ticks / clockTicksPerSecond) * 1000 * 100) / wallMs : 0;
    return { cpuPct, rssMaxMB: this.#rssMaxMB, wallMs };
  }

  #stopTimer(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
