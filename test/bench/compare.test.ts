import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkoutBin, describeCheckout } from '../../bench/content/checkouts.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'boards-checkout-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('another checkout to compare with', () => {
  it('is taken only when it is built: bin/boards.js and dist/', () => {
    const dir = tempDir();
    expect(checkoutBin(dir)).toEqual({ problem: expect.stringContaining('is not a built checkout') });
    mkdirSync(path.join(dir, 'bin'));
    writeFileSync(path.join(dir, 'bin', 'boards.js'), '');
    expect(checkoutBin(dir)).toEqual({ problem: expect.stringContaining('run npm ci && npm run build there') });
    mkdirSync(path.join(dir, 'dist'));
    expect(checkoutBin(dir)).toEqual({ bin: path.join(dir, 'bin', 'boards.js') });
  });

  it('is named by its commit, or by its folder outside git', () => {
    expect(describeCheckout('.')).toMatch(/^commit [0-9a-f]{7,}( with uncommitted changes)?$/);
    const dir = tempDir();
    expect(describeCheckout(dir)).toBe(path.basename(dir));
  });
});

describe('the bench commands refuse a bad command line before measuring anything', () => {
  const run = (script: string, args: string[]): { status: number | null; stderr: string } => {
    const result = spawnSync(process.execPath, [path.resolve('dist', 'bench', ...script.split('/')), ...args], { encoding: 'utf8', timeout: 30_000 });
    return { status: result.status, stderr: result.stderr };
  };

  it('npm run bench: an unknown flag, or --against a folder that is not a built checkout', () => {
    const unknown = run('run.js', ['--fast']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('usage: npm run bench [-- --against <built checkout>]');
    const notBuilt = run('run.js', ['--against', tempDir()]);
    expect(notBuilt.status).toBe(2);
    expect(notBuilt.stderr).toContain('is not a built checkout');
  });

  it('npm run bench:batches: the same, and a run count out of range', () => {
    expect(run('content/batchCompare.js', ['--against', tempDir()])).toMatchObject({ status: 2, stderr: expect.stringContaining('is not a built checkout') });
    expect(run('content/batchCompare.js', ['--runs', '0'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--runs must be a whole number') });
  });

  it('npm run bench:edits: an unknown flag, a folder that is not a built checkout, and counts out of range', () => {
    expect(run('content/editLoadCompare.js', ['--fast'])).toMatchObject({ status: 2, stderr: expect.stringContaining('usage: npm run bench:edits') });
    expect(run('content/editLoadCompare.js', ['--against', tempDir()])).toMatchObject({ status: 2, stderr: expect.stringContaining('is not a built checkout') });
    expect(run('content/editLoadCompare.js', ['--runs', '101'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--runs must be a whole number from 1 to 100') });
    expect(run('content/editLoadCompare.js', ['--seconds', '1.5'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--seconds must be a whole number from 1 to 600') });
  });

  it('npm run bench:mcp and bench:cluster: an unknown flag, and counts out of range', () => {
    expect(run('mcp/run.js', ['--fast'])).toMatchObject({ status: 2, stderr: expect.stringContaining('usage: npm run bench:mcp') });
    expect(run('mcp/run.js', ['--calls', '0'])).toMatchObject({ status: 2, stderr: expect.stringContaining('usage: npm run bench:mcp') });
    expect(run('cluster/run.js', ['--fast'])).toMatchObject({ status: 1, stderr: expect.stringContaining('unknown flag --fast') });
    expect(run('cluster/run.js', ['--sinks', '-3'])).toMatchObject({ status: 1, stderr: expect.stringContaining('--sinks takes a whole number from 0 to 2000') });
  });
});
