import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `mcpSdk`: the MCP SDK is ESM, which `require.cache` does not list; `ajv`, the CommonJS validator its server loads, stands for it.
 * `openai`, `openidClient`, `jose` (ESM) and `nodemailer` are seen by a module hook that records every URL the process loads.
 * `pinoPretty`: the pretty printer of the log, for a terminal only (the test's stdout is a pipe).
 * `icu`: a locale-aware call (collation, number or date formatting), each of which maps megabytes of ICU data into the process.
 */
type Loaded = {
  promClient: boolean;
  ioredis: boolean;
  pg: boolean;
  mongodb: boolean;
  mcpSdk: boolean;
  openai: boolean;
  nodemailer: boolean;
  openidClient: boolean;
  jose: boolean;
  pinoPretty: boolean;
  icu: boolean;
};

/** Replaces every locale-aware entry point of the JavaScript runtime by one that notes its first caller in `globalThis.__icuCalls`. */
const recordIcuCalls = `
  globalThis.__icuCalls = [];
  const note = (name) => globalThis.__icuCalls.push(name + ' ' + (new Error().stack ?? '').split('\\n')[3]?.trim());
  for (const [owner, method] of [[String.prototype, 'localeCompare'], [Number.prototype, 'toLocaleString'], [BigInt.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString'], [Array.prototype, 'toLocaleString']]) {
    const original = owner[method];
    owner[method] = function (...args) { note(method); return original.apply(this, args); };
  }
  for (const name of ['Collator', 'DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter', 'DisplayNames']) {
    const original = Intl[name];
    Intl[name] = new Proxy(original, { construct(target, args) { note('Intl.' + name); return new target(...args); }, apply(target, self, args) { note('Intl.' + name); return target(...args); } });
  }
`;

/** Module hooks that append each loaded module's URL to the file `LAZY_LOADED`, and the file `node --import` runs to register them. */
const loadHooks = "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(process.env.LAZY_LOADED, url + '\\n');\n  return next(url, context);\n}\n";
const registerHooks = "import { register } from 'node:module';\nregister('./load-hooks.mjs', import.meta.url);\n";

/** Which optional packages a fresh `boards` server process (compiled `dist/`, built by the test setup) has loaded once it listens with `env`. */
function loadedByServer(env: Record<string, string>, options: { mcpCall?: boolean } = {}): Loaded {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-lazy-'));
  const script = `
    ${recordIcuCalls}
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    const { loadConfig } = await import('./dist/server/config.js');
    const { startServer } = await import('./dist/server/main.js');
    const config = loadConfig({ BOARDS_HOST: '127.0.0.1', BOARDS_PORT: '0', BOARDS_LOG_LEVEL: 'silent', ...JSON.parse(process.env.LAZY_ENV) });
    const server = await startServer(config);
    if (process.env.LAZY_MCP_CALL) {
      const { user } = await server.services.accounts.createUser({ email: 'lazy@example.com', plan: 'basic' });
      const { secret } = await server.services.apiKeys.create({ userId: user.id, scopes: 'boards:read' });
      const headers = { Authorization: 'Bearer ' + secret, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
      const answer = await fetch(server.url + '/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
      if (answer.status !== 200) throw new Error('/mcp answered ' + answer.status);
    }
    const loaded = Object.keys(require.cache);
    const has = (name) => loaded.some((file) => file.includes('/node_modules/' + name + '/'));
    await server.close();
    if (globalThis.__icuCalls.length > 0) process.stderr.write('locale-aware calls: ' + globalThis.__icuCalls.join('; ') + '\\n');
    process.stdout.write(JSON.stringify({ promClient: has('prom-client'), ioredis: has('ioredis'), pg: has('pg'), mongodb: has('mongodb'), mcpSdk: has('ajv'), pinoPretty: has('pino-pretty'), icu: globalThis.__icuCalls.length > 0 }));
  `;
  const hook = path.join(dataDir, 'record-loads.mjs');
  const loadedList = path.join(dataDir, 'loaded.txt');
  writeFileSync(hook, registerHooks);
  writeFileSync(path.join(dataDir, 'load-hooks.mjs'), loadHooks);
  writeFileSync(loadedList, '');
  try {
    const output = execFileSync(process.execPath, ['--import', hook, '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, LAZY_LOADED: loadedList, LAZY_ENV: JSON.stringify({ BOARDS_DATA_DIR: dataDir, ...env }), ...(options.mcpCall ? { LAZY_MCP_CALL: '1' } : {}) },
    });
    const urls = readFileSync(loadedList, 'utf8');
    return {
      ...(JSON.parse(output) as Omit<Loaded, 'openai' | 'nodemailer' | 'openidClient' | 'jose'>),
      openai: urls.includes('/node_modules/openai/'),
      nodemailer: urls.includes('/node_modules/nodemailer/'),
      openidClient: urls.includes('/node_modules/openid-client/'),
      jose: urls.includes('/node_modules/jose/'),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('a server loads optional packages only when its configuration uses them', () => {
  it('on the embedded default: no metrics client, no Redis client, no PostgreSQL or MongoDB driver, no MCP SDK until /mcp is called, no OpenAI client, no mailer, no OpenID client, no JOSE library (sessions, sealed secrets), no pretty printer, no locale data', () => {
    expect(loadedByServer({})).toEqual({
      promClient: false,
      ioredis: false,
      pg: false,
      mongodb: false,
      mcpSdk: false,
      openai: false,
      nodemailer: false,
      openidClient: false,
      jose: false,
      pinoPretty: false,
      icu: false,
    });
  });

  it('with an OpenID provider configured: its client waits for the first sign-in', () => {
    const oidc = { BOARDS_OIDC_1_ISSUER: 'http://127.0.0.1:9/', BOARDS_OIDC_1_CLIENT_ID: 'boards', BOARDS_OIDC_1_CLIENT_SECRET: 's'.repeat(32), BOARDS_OIDC_1_NAME: 'Company login' };
    expect(loadedByServer(oidc)).toMatchObject({ openidClient: false });
  });

  it('with the openai provider and SMTP configured: their clients wait for the first completion and the first message', () => {
    const loaded = loadedByServer({ BOARDS_AI_PROVIDER: 'openai', BOARDS_AI_BASE_URL: 'http://127.0.0.1:9/v1', BOARDS_AI_MODEL: 'm', BOARDS_SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(loaded).toMatchObject({ openai: false, nodemailer: false });
  });

  it('with metrics served: the metrics client, and still no Redis client or other driver', () => {
    expect(loadedByServer({ BOARDS_METRICS_TOKEN: 'm'.repeat(32) })).toMatchObject({ promClient: true, ioredis: false, pg: false, mongodb: false, mcpSdk: false });
  });

  it('the MCP SDK once /mcp serves its first call', () => {
    expect(loadedByServer({}, { mcpCall: true })).toMatchObject({ mcpSdk: true });
  });
});
