import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** `checkout` as a report names it: its commit, when it is a git checkout, and whether its code has changes. */
export function describeCheckout(checkout: string): string {
  try {
    const commit = execFileSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    // Bench results written by the run itself are not changes to the code measured.
    const dirty = execFileSync('git', ['-C', checkout, 'status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench/results'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
    return `commit ${commit}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return path.basename(path.resolve(checkout));
  }
}

/**
 * The `boards` command of another built checkout (its `bin/boards.js`, which runs its `dist/`),
 * for a bench that compares two versions; a message saying what is missing when it is not one.
 */
export function checkoutBin(checkout: string): { bin: string } | { problem: string } {
  const bin = path.resolve(checkout, 'bin', 'boards.js');
  if (!existsSync(bin) || !existsSync(path.resolve(checkout, 'dist'))) {
    return { problem: `${checkout} is not a built checkout (no bin/boards.js or dist/): run npm ci && npm run build there.` };
  }
  return { bin };
}
