import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A child process the harness started; every one is killed when the harness exits. */
export interface TrackedProcess {
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with the first parsed `BENCH {...}` line (stdout or stderr) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (event: Record<string, unknown>) => boolean, timeoutMs: number): Promise<Record<string, unknown>>;
  /** Resolves with the first raw output line that `match` accepts; rejects after `timeoutMs`. */
  waitForLine(match: (line: string) => boolean, timeoutMs: number): Promise<string>;
  /** Every `BENCH {...}` event seen so far, oldest first. */
  readonly events: Record<string, unknown>[];
  /** The last lines of stderr, for error reports. */
  readonly stderrTail: string[];
  /** Writes one line to stdin. */
  send(line: string): void;
  /** SIGKILL and wait for the exit (the crash of S6, and every teardown). */
  kill(): Promise<void>;
}

/** Options of `spawnTracked`. */
export interface SpawnOptions {
  cwd: string;
  env?: Record<string, string>;
  /** CPU core to pin to with `taskset -c`; none when undefined. */
  core?: number;
}

const live = new Set<TrackedProcess>();

/** Spawns a process (pinned with taskset when `core` is set) and tracks it for `killAllChildren`. */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions): TrackedProcess {
  const [file, argv] = options.core === undefined ? [command, [...args]] : ['taskset', ['-c', String(options.core), command, ...args]];
  const child = spawn(file, argv, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const events: Record<string, unknown>[] = [];
  const stderrTail: string[] = [];
  const lineListeners = new Set<(line: string) => void>();
  const onLine = (line: string, fromStderr: boolean): void => {
    if (fromStderr) {
      stderrTail.push(line);
      if (stderrTail.length > 20) stderrTail.shift();
    }
    if (line.startsWith('BENCH ')) {
      try {
        events.push(JSON.parse(line.slice(6)) as Record<string, unknown>);
      } catch {
        stderrTail.push(`unparsable: ${line}`);
      }
    }
    for (const listener of [...lineListeners]) listener(line);
  };
  if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => onLine(line, false));
  if (child.stderr) createInterface({ input: child.stderr }).on('line', (line) => onLine(line, true));
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const waitForLine = (match: (line: string) => boolean, timeoutMs: number): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        lineListeners.delete(listener);
        reject(new Error(`${command} ${args.join(' ')}: no expected output within ${timeoutMs} ms; stderr: ${stderrTail.join(' | ')}`));
      }, timeoutMs);
      const listener = (line: string): void => {
        if (!match(line)) return;
        clearTimeout(timer);
        lineListeners.delete(listener);
        resolve(line);
      };
      lineListeners.add(listener);
    });

  const tracked: TrackedProcess = {
    pid: child.pid ?? -1,
    child,
    events,
    stderrTail,
    waitForLine,
    async waitFor(match, timeoutMs) {
      const seen = events.find(match);
      if (seen) return seen;
      const line = await waitForLine((l) => {
        if (!l.startsWith('BENCH ')) return false;
        try {
          return match(JSON.parse(l.slice(6)) as Record<string, unknown>);
        } catch {
          return false;
        }
      }, timeoutMs);
      return JSON.parse(line.slice(6)) as Record<string, unknown>;
    },
    send(line) {
      child.stdin?.write(`${line}\n`);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      live.delete(tracked);
    },
  };
  live.add(tracked);
  void exited.then(() => live.delete(tracked));
  return tracked;
}

/** Runs a command to completion and returns its stdout; rejects on a non-zero exit or after `timeoutMs`. */
export async function runToCompletion(command: string, args: readonly string[], options: SpawnOptions, timeoutMs: number): Promise<string> {
  const proc = spawnTracked(command, args, options);
  proc.child.stdin?.end();
  const chunks: Buffer[] = [];
  proc.child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => void proc.kill(), timeoutMs);
    proc.child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}: ${proc.stderrTail.join(' | ')}`);
  return Buffer.concat(chunks).toString('utf8');
}

/** SIGKILLs every tracked child synchronously (exit handlers cannot wait). */
export function killAllChildren(): void {
  for (const proc of live) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
  }
  live.clear();
}

/**
 * Runs a bench's `main` as the process's whole work: every child is killed on exit, on Ctrl-C
 * and on SIGTERM, and a failure is printed and exits 1.
 */
export function runBenchMain(main: () => Promise<void>): void {
  process.on('exit', killAllChildren);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      killAllChildren();
      process.exit(130);
    });
  }
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      killAllChildren();
      process.exit(1);
    },
  );
}
