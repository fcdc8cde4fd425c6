import { runBenchMain } from '../realtime/processes.js';
import { WebBenchUsageError, parseWebBenchArgs, webBenchUsage } from './config.js';
import type { WebBenchConfig } from './config.js';
import { runAndWriteWebBench } from './webBench.js';

/**
 * `npm run bench:web [-- --items N --paint-items N --paint-runs N --select N --drag-ms N]`:
 * frame times of a drag of selected items on a large board and first paints of a smaller one,
 * in headless Chromium; writes `bench/results/web-latest.md`. A bad command line exits 2 with
 * the usage line before anything starts.
 */
let config: WebBenchConfig;
try {
  config = parseWebBenchArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof WebBenchUsageError)) throw error;
  process.stderr.write(`bench: ${error.message}\n${webBenchUsage}\n`);
  process.exit(2);
}
runBenchMain(async () => {
  process.stdout.write(`${await runAndWriteWebBench(config)}\n`);
});
