import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Which drivers a fresh Node process has loaded after opening a store of `kind` (run on the compiled `dist/`, built by the test setup). */
function driversLoadedBy(kind: 'sqlite' | 'postgres'): { pg: boolean; mongodb: boolean } {
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    const { openDatabase } = await import('./dist/storage/index.js');
    if (${JSON.stringify(kind)} === 'sqlite') await (await openDatabase({ kind: 'sqlite', dataDir: ':memory:' })).close();
    else await openDatabase({ kind: 'postgres', url: 'postgres://127.0.0.1:1/none', connectTimeoutMs: 1000 }).catch(() => undefined);
    const loaded = Object.keys(require.cache);
    process.stdout.write(JSON.stringify({ pg: loaded.some((f) => f.includes('/node_modules/pg/')), mongodb: loaded.some((f) => f.includes('/node_modules/mongodb/')) }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { pg: boolean; mongodb: boolean };
}

describe('openDatabase', () => {
  it('loads neither the pg nor the mongodb driver for the embedded default, and pg only when postgres is chosen', () => {
    expect(driversLoadedBy('sqlite')).toEqual({ pg: false, mongodb: false });
    expect(driversLoadedBy('postgres')).toEqual({ pg: true, mongodb: false });
  });
});
