import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Builds `dist/` once before the suites, so tests that spawn the `boards` command run the current code. */
export default function setup(): void {
  const tsc = path.resolve('node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
