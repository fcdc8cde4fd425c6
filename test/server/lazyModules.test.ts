import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Loaded = { promClient: boolean; ioredis: boolean; pg: boolean; mongodb: boolean };

/** Which optional packages a fresh `boards` server process (compiled `dist/`, built by the test setup) has loaded once it listens with `env`. */
function loadedByServer(env: Record<string, string>): Loaded {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-lazy-'));
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    const { loadConfig } = await import('./dist/server/config.js');
    const { startServer } = await import('./dist/server/main.js');
    const config = loadConfig({ BOARDS_HOST: '127.0.0.1', BOARDS_PORT: '0', BOARDS_LOG_LEVEL: 'silent', ...JSON.parse(process.env.LAZY_ENV) });
    const server = await startServer(config);
    const loaded = Object.keys(require.cache);
    const has = (name) => loaded.some((file) => file.includes('/node_modules/' + name + '/'));
    await server.close();
    process.stdout.write(JSON.stringify({ promClient: has('prom-client'), ioredis: has('ioredis'), pg: has('pg'), mongodb: has('mongodb') }));
  `;
  try {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, LAZY_ENV: JSON.stringify({ BOARDS_DATA_DIR: dataDir, ...env }) },
    });
    return JSON.parse(output) as Loaded;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('a server loads optional packages only when its configuration uses them', () => {
  it('on the embedded default: no metrics client, no Redis client, no PostgreSQL or MongoDB driver', () => {
    expect(loadedByServer({})).toEqual({ promClient: false, ioredis: false, pg: false, mongodb: false });
  });

  it('with metrics served: the metrics client, and still no Redis client or other driver', () => {
    expect(loadedByServer({ BOARDS_METRICS_TOKEN: 'm'.repeat(32) })).toEqual({ promClient: true, ioredis: false, pg: false, mongodb: false });
  });
});
