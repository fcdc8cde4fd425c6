import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkoutBin, describeCheckout } from './checkouts.js';
import { createBoard, seedBoard, someItemIds } from './restBench.js';
import type { BoardApi } from './restBench.js';
import type { BoardsProcess, StartBoardsOptions } from './serverProcess.js';
import { boardsBin, createBenchUser, startBoards } from './serverProcess.js';

/**
 * What the benches that compare this checkout with another (`bench:batches`, `bench:edits`)
 * share: a seeded data dir per version, made by that version's own server, and runs taking
 * turns between the versions in alternating order.
 */

/** A function that stops with `message` and `usage`, exit code 2 (a wrong command line, not a failed run). */
export function refuser(usage: string): (message: string) => never {
  return (message) => {
    process.stderr.write(`${message}\n${usage}\n`);
    process.exit(2);
  };
}

/** `text`, the value of `--<name>`, as a whole number from 1 to `max`; else `refuse`s. */
export function wholeNumberOption(refuse: (message: string) => never, name: string, text: string, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) refuse(`--${name} must be a whole number from 1 to ${max}.`);
  return value;
}

/** One version under test: its `boards` command and a data dir with the bench user and a seeded board. */
export interface Side {
  name: string;
  bin: string;
  seedDir: string;
  key: string;
  boardId: string;
  /** Item ids of the seeded board (its first page). */
  ids: string[];
}

/** A data dir with the bench user and a board of `items` notes, made by the side's own server. */
async function seed(name: string, bin: string, core: number | undefined, items: number, title: string): Promise<Side> {
  const seedDir = mkdtempSync(path.join(tmpdir(), 'boards-side-'));
  const key = await createBenchUser(seedDir, bin);
  const server = await startBoards({ dataDir: seedDir, bin, ...(core === undefined ? {} : { core }) });
  try {
    const boardId = await createBoard(server.url, key, title);
    await seedBoard({ url: server.url, key, boardId }, items);
    const ids = await someItemIds({ url: server.url, key, boardId });
    return { name, bin, seedDir, key, boardId, ids };
  } finally {
    await server.stop();
  }
}

/**
 * `measure` on a fresh server of `side` started on a copy of its seeded data dir (with `start`'s
 * options), once it has loaded the board (as a request finds it) and gone quiet; the server is
 * stopped and the copy removed after.
 */
export async function onFreshServer<R>(side: Side, start: Omit<StartBoardsOptions, 'dataDir' | 'bin'>, measure: (server: BoardsProcess, api: BoardApi) => Promise<R>): Promise<R> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-side-run-'));
  cpSync(side.seedDir, dataDir, { recursive: true });
  const server = await startBoards({ ...start, dataDir, bin: side.bin });
  try {
    const api = { url: server.url, key: side.key, boardId: side.boardId };
    // The board loaded (and its first search pass after the restart done) before anything is measured.
    await someItemIds(api);
    await server.whenQuiet();
    return await measure(server, api);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Options of `sideBySide`. */
export interface SideBySideOptions<R> {
  /** Another built checkout to compare with, if any. */
  against: string | undefined;
  runs: number;
  core: number | undefined;
  items: number;
  title: string;
  log: (message: string) => void;
  refuse: (message: string) => never;
  /** One run of `side`, on a fresh server of its own. */
  runOnce: (side: Side) => Promise<R>;
}

/**
 * Seeds this checkout's side (and the other's, with `against`), then runs `runs` rounds, the
 * sides taking turns in alternating order; resolves with each side's results in run order, this
 * checkout's first. The seeded data dirs are removed at the end.
 */
export async function sideBySide<R>(options: SideBySideOptions<R>): Promise<{ side: Side; results: R[] }[]> {
  let againstBin: string | undefined;
  if (options.against !== undefined) {
    const found = checkoutBin(options.against);
    if ('problem' in found) options.refuse(found.problem);
    againstBin = found.bin;
  }
  const sides: { side: Side; results: R[] }[] = [];
  try {
    options.log(`seeding ${options.items} items (this checkout)`);
    sides.push({ side: await seed(describeCheckout('.'), boardsBin, options.core, options.items, options.title), results: [] });
    if (options.against !== undefined && againstBin !== undefined) {
      options.log(`seeding ${options.items} items (${options.against})`);
      sides.push({ side: await seed(describeCheckout(options.against), againstBin, options.core, options.items, options.title), results: [] });
    }
    for (let run = 0; run < options.runs; run += 1) {
      const order = run % 2 === 0 ? sides : [...sides].reverse();
      for (const entry of order) {
        options.log(`run ${run + 1} of ${options.runs}: ${entry.side.bin}`);
        entry.results.push(await options.runOnce(entry.side));
      }
    }
  } finally {
    for (const { side } of sides) rmSync(side.seedDir, { recursive: true, force: true });
  }
  return sides;
}

/** Prints `text` and writes it to `bench/results/<name>`. */
export function writeReport(name: string, text: string, log: (message: string) => void): void {
  process.stdout.write(text);
  const out = path.resolve('bench', 'results', name);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, text);
  log(`wrote ${out}`);
}
