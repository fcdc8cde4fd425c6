import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` times (`getconf CLK_TCK`, 100 on Linux). */
const ticksPerSecond = 100;

/** Fields of `/proc/<pid>/stat` after the command: the parent's pid and the CPU times in ticks. */
function statOf(pid: number): { ppid: number; own: number; reaped: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command (field 2) is in parentheses and may hold spaces: the fields that follow start after the last `)`.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const field = (n: number): number => Number(fields[n - 3]);
  return { ppid: field(4), own: field(14) + field(15), reaped: field(16) + field(17) };
}

/**
 * CPU time, in ms, of the process `pid` and its children: their own user and system time, and that
 * of children they have reaped (a PostgreSQL backend that exited counts in its postmaster). 0 for a
 * process that is gone. Linux only (`/proc`).
 */
export function treeCpuMs(pid: number): number {
  const root = statOf(pid);
  if (root === null) return 0;
  let ticks = root.own + root.reaped;
  for (const name of readdirSync('/proc')) {
    const child = /^\d+$/.test(name) ? statOf(Number(name)) : null;
    if (child !== null && child.ppid === pid) ticks += child.own;
  }
  return (ticks * 1000) / ticksPerSecond;
}
