#!/usr/bin/env node
// Runs the whole vitest suite and ends with the line `N passed, N failed` (N skipped when any),
// computed from vitest's JSON report, so CI reads the real counts. Extra arguments go to vitest.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Why the tests of a file are skipped: they need something this machine may not have. */
function skipReason(file) {
  if (file.includes('mongodb.test') || file.includes('mongodbCluster.test')) {
    return 'they need a real MongoDB: set BOARDS_MONGODB_URL to run them (the same cases ran against the MongoDB adapter over the mingo stand-in).';
  }
  if (file.includes('cluster/processes') || file.includes('clusterLocal') || file.includes('deploy/')) {
    return 'they start PostgreSQL, Redis and nginx, one of which is not installed here (apt-get install postgresql redis-server nginx; in CI, where CI=true, they fail instead).';
  }
  if (file.includes('postgres')) {
    return 'they need PostgreSQL, which is not installed here (apt-get install postgresql: the tests start a cluster of their own; in CI, where CI=true, they fail instead).';
  }
  if (file.includes('redis') || file.includes('cluster')) return 'they start a throwaway Redis, and redis-server is not installed here (apt-get install redis-server).';
  if (file.includes('browser')) return 'they drive a Chromium browser, which is not installed here (apt-get install chromium).';
  return 'see the skip condition in the file.';
}

const dir = mkdtempSync(path.join(tmpdir(), 'boards-test-'));
const report = path.join(dir, 'report.json');
const vitest = path.join('node_modules', 'vitest', 'vitest.mjs');
const child = spawn(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
child.on('exit', (code, signal) => {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const skippedByFile = new Map();
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed = result.numPassedTests;
    failed = result.numFailedTests;
    skipped = result.numPendingTests + result.numTodoTests;
    // A suite that failed to load has no tests counted; count it as a failure.
    failed += result.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
    for (const file of result.testResults) {
      const count = file.assertionResults.filter((a) => a.status === 'pending' || a.status === 'skipped' || a.status === 'todo').length;
      if (count > 0) skippedByFile.set(path.relative(process.cwd(), file.name), count);
    }
  } catch {
    failed = Math.max(1, failed);
  }
  rmSync(dir, { recursive: true, force: true });
  const exitCode = code ?? (signal ? 1 : 0);
  if (exitCode !== 0 && failed === 0) failed = 1;
  const notes = [...skippedByFile].map(([file, count]) => `  ${file}: ${count} skipped, ${skipReason(file)}`);
  if (notes.length > 0) process.stdout.write(`\nSkipped tests and why:\n${notes.join('\n')}\n`);
  process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
  process.exit(exitCode);
});
