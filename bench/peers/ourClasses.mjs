// For the preloads that measure our server from inside (`sync-hold.mjs`, `mem-report.mjs`): hands
// each named class of the server to `use` once it is defined, in the code the server runs.
//
// `boards start` runs the server's bundle (dist/bundle/, docs/bundle.md) when it exists. Its files
// hold the classes without exporting them, and importing the compiled modules of dist/ would give
// other copies of the classes than the ones the server uses. So a module hook adds, at the end of
// the bundle file that defines a named class, one call that hands the class to this preload; it
// runs when that file is evaluated, before the server makes an instance. Without a bundle the
// classes are imported from their compiled modules, as the server runs those.
// BENCH_REQUIRE_FROM is the project's package.json.
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const handOver = Symbol.for('boards.bench.classes');

/**
 * Calls `use(name, cls)` for each class of `modules` (class name → its compiled module under
 * dist/, e.g. `{ SyncConnection: 'crdt/sync/SyncConnection.js' }`) once the server defines it.
 */
export async function ourClasses(modules, use) {
  const root = path.dirname(process.env.BENCH_REQUIRE_FROM);
  const bundle = path.join(root, 'dist', 'bundle');
  if (!existsSync(path.join(bundle, 'cli.js'))) {
    for (const [name, file] of Object.entries(modules)) use(name, (await import(pathToFileURL(path.join(root, 'dist', file)).href))[name]);
    return;
  }
  const waiting = new Set(Object.keys(modules));
  const previous = globalThis[handOver];
  globalThis[handOver] = (found) => {
    for (const [name, cls] of Object.entries(found)) {
      if (!waiting.delete(name)) continue;
      use(name, cls);
    }
    previous?.(found);
  };
  register(new URL('./ourClassesHooks.mjs', import.meta.url), { data: { bundle: pathToFileURL(bundle).href, names: Object.keys(modules) } });
}
