#!/usr/bin/env node
// Builds the browser app (web/) into dist/webapp with esbuild: a minified ES module, the chunks
// it imports when needed (`chunk-<hash>.js`: the board's writes and the catalogue's zod schemas
// load beside the board, not before its first paint), the list of chunks to preload
// (`preload.json`) and one stylesheet, plus the API reference renderer (Redoc's standalone bundle) copied from
// node_modules, so the server serves everything itself (no CDN). Run by `build` and `prepare`.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'webapp');
const require = createRequire(import.meta.url);

// The catalogue's item operations import `newId` from storage/, which also holds the server's
// database adapters; the browser gets a tiny module with the same `newId` instead.
const storageShim = {
  name: 'storage-shim',
  setup(build) {
    build.onResolve({ filter: /\/storage\/index\.js$/ }, () => ({ path: path.join(root, 'web', 'shims', 'storage.ts') }));
  },
};

// Zod's namespace export keeps every one of its locales; the app speaks English only.
const zodLocales = {
  name: 'zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.join(root, 'web', 'shims', 'zodLocales.ts') } : undefined,
    );
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { app: 'web/main.tsx' },
  bundle: true,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  sourcemap: 'linked',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outdir: out,
  metafile: true,
  logLevel: 'warning',
  plugins: [storageShim, zodLocales],
});
// The chunks app.js imports statically: the page asks for them beside app.js
// (`<link rel="modulepreload">`) instead of after app.js has arrived and been parsed.
const appOutput = result.metafile.outputs[path.relative(root, path.join(out, 'app.js')).split(path.sep).join('/')];
const preload = (appOutput?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => path.basename(i.path));
writeFileSync(path.join(out, 'preload.json'), `${JSON.stringify(preload)}\n`);
const redoc = path.dirname(require.resolve('redoc/package.json'));
// Redoc's side menu shows Redocly's logo from its CDN, which /docs's CSP refuses (an error on every visit):
// the copy points it at an empty image instead, which Redoc's own error handler hides. No option turns it off.
const redocLogo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const redocBundle = readFileSync(path.join(redoc, 'bundles', 'redoc.standalone.js'), 'utf8');
writeFileSync(path.join(out, 'redoc.standalone.js'), redocBundle.replaceAll(redocLogo, 'data:,'));
copyFileSync(path.join(redoc, 'bundles', 'redoc.standalone.js.LICENSE.txt'), path.join(out, 'redoc.standalone.js.LICENSE.txt'));
const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => !file.endsWith('.map'))
  .map(([file, info]) => `${path.basename(file)} ${(info.bytes / 1024).toFixed(0)} KiB`);
if (process.env.BOARDS_BUILD_VERBOSE) console.log(`web app: ${sizes.join(', ')}`);
