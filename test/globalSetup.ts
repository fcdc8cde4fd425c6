import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Builds `dist/` (server, its bundle and web app) once before the suites, so tests that spawn the `boards`
 * command and the browser tests run the current code. `BOARDS_TEST_SKIP_BUILD=1` skips it when iterating on suites that spawn nothing.
 */
export default function setup(): void {
  if (process.env.BOARDS_TEST_SKIP_BUILD === '1') return;
  const tsc = path.resolve('node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  execFileSync(process.execPath, [path.resolve('scripts', 'build-web.mjs')], { stdio: 'inherit' });
  execFileSync(process.execPath, [path.resolve('scripts', 'build-server.mjs')], { stdio: 'inherit' });
}
