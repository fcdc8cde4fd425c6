import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder whose package.json is `boards-server`), found from this file upwards. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'boards-server') return dir;
    dir = path.dirname(dir);
  }
  throw new Error('bench: cannot find the boards-server project root');
}

/** `bench/peers`, the bench-only package of peer servers and clients. */
export function peersDir(): string {
  return path.join(projectRoot(), 'bench', 'peers');
}

/**
 * The Node options of a `start` script of the form `node [--options] bin/boards.js start`;
 * throws for any other form, so a bench never runs the server differently from `npm start`.
 */
export function nodeOptionsOf(startScript: string): string[] {
  const words = startScript.trim().split(/\s+/);
  const end = words.indexOf('bin/boards.js');
  const options = words.slice(1, end);
  if (words[0] !== 'node' || end < 0 || words.slice(end + 1).join(' ') !== 'start' || options.some((word) => !word.startsWith('--'))) {
    throw new Error(`bench: the start script is not \`node [--options] bin/boards.js start\`: ${startScript}`);
  }
  return options;
}

/** The Node options `npm start` gives the server (package.json's `start` script), so that every bench runs the server as it is started. */
export function startNodeOptions(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  return nodeOptionsOf(manifest.scripts?.start ?? '');
}

/**
 * The `NODE_OPTIONS` of our server in the realtime bench: those of `npm start`, then
 * `BENCH_OURS_NODE_OPTIONS` (a tuning experiment; where both set an option, the last one wins).
 */
export function oursNodeOptions(): string {
  return [...startNodeOptions(), process.env.BENCH_OURS_NODE_OPTIONS ?? ''].join(' ').trim();
}
