#!/usr/bin/env node
// The `boards` command: runs the compiled CLI (built by `npm install` through the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/server/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('boards: the server is not built yet; run `npm run build` in the project folder.\n');
  process.exit(1);
}
const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));
