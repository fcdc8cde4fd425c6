#!/usr/bin/env node
// Bundles the server into dist/bundle with esbuild: the CLI (`cli.js`, which `bin/boards.js` runs)
// and the snapshot child process (`snapshotWorker.js`, forked by crdt/documents/SnapshotBuilder.ts
// from beside its own chunk) as entry points, and the code they share or import when needed as
// `chunk-<hash>.js`. Loading a few large files instead of hundreds of compiled modules (and the
// dependencies' own) halves the time `boards start` spends loading code and lowers its memory.
// Splitting keeps every `await import(...)` lazy: the MongoDB and PostgreSQL drivers, the Redis
// client, the OpenAI client, the mailer and the MCP SDK stay in chunks loaded only when used.
// `chunks.json` lists, for each output file, the packages whose code it holds and the project's
// modules (`server/main.ts`) it holds. Run by `build`
// and `prepare`, after `tsc` (which stays the fallback: bin/boards.js runs dist/server/cli.js
// when the bundle is missing).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'bundle');

// Zod's namespace export keeps every one of its locales; the server's messages are English only.
const zodLocales = {
  name: 'zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.join(root, 'web', 'shims', 'zodLocales.ts') } : undefined,
    );
  },
};

// The bundled CommonJS packages call `require` for Node's own modules, which an ES module does not have.
const banner = "import { createRequire as __boardsCreateRequire } from 'node:module';\nconst require = __boardsCreateRequire(import.meta.url);";

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { cli: 'server/cli.ts', snapshotWorker: 'crdt/documents/snapshotWorker.ts' },
  bundle: true,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  target: ['node20.19'],
  // A native addon, found in node_modules at run time.
  external: ['better-sqlite3'],
  // Smaller source to load and hold. Identifiers are not minified, so functions and classes keep
  // the names they are declared with and stack traces stay readable without a map. Not
  // `keepNames`: it wraps every function and class made at run time in a call that redefines its
  // `name`, closures made per call included, and made a batch of 100 moves about 40% slower.
  minifyWhitespace: true,
  minifySyntax: true,
  // Not loaded unless Node runs with --enable-source-maps (see docs/operating.md).
  sourcemap: 'linked',
  banner: { js: banner },
  outdir: out,
  metafile: true,
  logLevel: 'warning',
  plugins: [zodLocales],
});

/** The package a bundled input belongs to (`node_modules/<name>/` or `node_modules/@scope/name/`), or undefined for the project's own code. */
function packageOf(input) {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(input);
  return match?.[1];
}

const chunks = {};
for (const [file, info] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.map')) continue;
  const inputs = Object.keys(info.inputs);
  chunks[path.basename(file)] = {
    packages: [...new Set(inputs.map(packageOf).filter((name) => name !== undefined))].sort(),
    modules: inputs.filter((input) => packageOf(input) === undefined).sort(),
  };
}
writeFileSync(path.join(out, 'chunks.json'), `${JSON.stringify(chunks, null, 1)}\n`);
if (process.env.BOARDS_BUILD_VERBOSE) {
  const sizes = Object.entries(result.metafile.outputs)
    .filter(([file]) => !file.endsWith('.map'))
    .map(([file, info]) => `${path.basename(file)} ${(info.bytes / 1024).toFixed(0)} KiB`);
  console.log(`server bundle: ${sizes.join(', ')}`);
}
