import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (`getconf CLK_TCK`; 100 on Linux x86). */
export const clockTicksPerSecond = 100;

/** The fields of /proc/<pid>/stat after the parenthesised command name (field 3 is index 0). */
function statFields(pid: number | 'self', tid?: number): string[] | undefined {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime of a process, in clock ticks; undefined once it is gone. */
export function readCpuTicks(pid: number | 'self'): number | undefined {
  return cpuTicksOf(statFields(pid));
}

/** utime + stime (fields 14 and 15) of parsed stat fields. */
function cpuTicksOf(fields: string[] | undefined): number | undefined {
  return fields === undefined ? undefined : Number(fields[11]) + Number(fields[12]);
}

/**
 * utime + stime of a process's main thread alone (the thread whose id is the pid: in Node, the
 * event loop's), in clock ticks; undefined once it is gone. Unlike `readCpuTicks` it leaves out
 * the helper threads (V8's compiler and garbage collector, libuv's pool).
 */
export function readMainThreadCpuTicks(pid: number): number | undefined {
  return cpuTicksOf(statFields(pid, pid));
}

/** The live child processes of `pid` (Linux: `/proc/<pid>/task/<tid>/children`); none where that cannot be read. */
function childrenOf(pid: number | 'self'): number[] {
  const children: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (list !== '') children.push(...list.split(' ').map(Number));
    }
  } catch {
    // Gone meanwhile, or no such file on this kernel.
  }
  return children;
}

/**
 * CPU of a process and every process under it, in clock ticks: its utime + stime, the times of
 * the children it has reaped (cutime + cstime), and the same for each live child. A server that
 * does work in child processes (our snapshot processes) is counted whole, and a child that ends
 * during a window moves from the live sum to its parent's reaped times without loss.
 */
export function readTreeCpuTicks(pid: number): number | undefined {
  const fields = statFields(pid);
  if (fields === undefined) return undefined;
  // cutime and cstime are fields 16 and 17.
  let ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  for (const child of childrenOf(pid)) ticks += readTreeCpuTicks(child) ?? 0;
  return ticks;
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

/** VmRSS of a process and every live process under it, in MB; undefined once it is gone. */
export function readTreeRssMB(pid: number): number | undefined {
  const own = readRssMB(pid);
  if (own === undefined) return undefined;
  let total = own;
  for (const child of childrenOf(pid)) total += readTreeRssMB(child) ?? 0;
  return total;
}

/** What a `ProcSampler` measured over its window. */
export interface ProcWindow {
  /** CPU time over wall time, in percent of one core. */
  cpuPct: number;
  /** Largest VmRSS seen, in MB (a server's with the processes under it). */
  rssMaxMB: number;
  /**
   * Largest VmRSS of the process alone, in MB, without the processes under it (such as our
   * snapshot process): with `rssMaxMB`, tells what the server holds from what its children do.
   */
  ownRssMaxMB: number;
  wallMs: number;
}

/**
 * Samples a process's CPU and RSS every `intervalMs` (default 250) between `start` and `stop`;
 * a server's (a pid) with the processes under it, the load generator's own (`'self'`) alone.
 */
export class ProcSampler {
  readonly #intervalMs: number;
  readonly #cpu: () => number | undefined;
  readonly #rss: () => number | undefined;
  readonly #ownRss: () => number | undefined;
  #timer: NodeJS.Timeout | undefined;
  #startTicks = 0;
  #startMs = 0;
  #rssMaxMB = 0;
  #ownRssMaxMB = 0;

  constructor(pid: number | 'self', intervalMs = 250) {
    this.#intervalMs = intervalMs;
    this.#cpu = pid === 'self' ? () => readCpuTicks('self') : () => readTreeCpuTicks(pid);
    this.#rss = pid === 'self' ? () => readRssMB('self') : () => readTreeRssMB(pid);
    this.#ownRss = () => readRssMB(pid);
  }

  /** Starts a window (restarts one already running). */
  start(): void {
    this.#stopTimer();
    this.#startTicks = this.#cpu() ?? 0;
    this.#startMs = performance.now();
    this.#rssMaxMB = 0;
    this.#ownRssMaxMB = 0;
    this.#sampleRss();
    this.#timer = setInterval(() => this.#sampleRss(), this.#intervalMs);
  }

  /** Ends the window and returns its figures. */
  stop(): ProcWindow {
    this.#stopTimer();
    const wallMs = performance.now() - this.#startMs;
    const ticks = (this.#cpu() ?? this.#startTicks) - this.#startTicks;
    this.#sampleRss();
    const cpuPct = wallMs > 0 ? ((ticks / clockTicksPerSecond) * 1000 * 100) / wallMs : 0;
    return { cpuPct, rssMaxMB: this.#rssMaxMB, ownRssMaxMB: this.#ownRssMaxMB, wallMs };
  }

  #sampleRss(): void {
    this.#rssMaxMB = Math.max(this.#rssMaxMB, this.#rss() ?? 0);
    this.#ownRssMaxMB = Math.max(this.#ownRssMaxMB, this.#ownRss() ?? 0);
  }

  #stopTimer(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
