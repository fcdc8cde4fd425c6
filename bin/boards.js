#!/usr/bin/env node
// The `boards` command: runs the server's bundle (dist/bundle, see scripts/build-server.mjs), or
// the compiled CLI (dist/server) when there is no bundle. Both are built by `npm install` through
// the prepare script, and by `npm run build`; run that after changing the sources. It never
// compiles: start-up stays fast.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = [`${root}dist/bundle/cli.js`, `${root}dist/server/cli.js`].find((file) => existsSync(file));
if (cli === undefined) {
  process.stderr.write('boards: the server is not built yet; run `npm run build` (or `npm install`) in the project folder.\n');
  process.exit(1);
}

const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));
