#!/usr/bin/env node
// The `boards` command: runs the compiled CLI (built by `npm install` through the prepare script,
// and by `npm run build`; run that after changing the sources). It never compiles: start-up stays fast.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = `${root}dist/server/cli.js`;
if (!existsSync(cli)) {
  process.stderr.write('boards: the server is not built yet; run `npm run build` (or `npm install`) in the project folder.\n');
  process.exit(1);
}

const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));
