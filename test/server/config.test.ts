import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, acceptedOrigins, configVariables, developmentDefaults, loadConfig, withBoundPort } from '../../server/config.js';
import { aiVariables } from '../../server/config/aiSettings.js';
import { clusterVariables } from '../../server/config/clusterSettings.js';
import { liveVariables } from '../../server/config/liveSettings.js';
import { metricsVariables } from '../../server/config/metricsSettings.js';
import { networkVariables } from '../../server/config/networkSettings.js';
import { notificationVariables } from '../../server/config/notificationSettings.js';
import { oidcVariables } from '../../server/config/oidcSettings.js';
import { processVariables } from '../../server/config/processSettings.js';
import { signInVariables } from '../../server/config/signInSettings.js';
import { storageVariables } from '../../server/config/storageSettings.js';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  test('defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      dataDir: path.resolve('./data'),
      storage: { kind: 'sqlite' },
      logLevel: 'info',
      production: false,
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(config.sync.coalesceMs).toBe(0);
    expect(loadConfig({ BOARDS_SYNC_COALESCE_MS: '2' }).sync.coalesceMs).toBe(2);
  });

  test('the configuration and each of its groups of settings are frozen', () => {
    const oidc = { BOARDS_OIDC_1_ISSUER: 'https://id.example.com', BOARDS_OIDC_1_CLIENT_ID: 'boards', BOARDS_OIDC_1_CLIENT_SECRET: 's', BOARDS_OIDC_1_NAME: 'Company' };
    const config = loadConfig({ BOARDS_TRUSTED_PROXIES: '127.0.0.1', ...oidc });
    const groups = { config, sync: config.sync, webEvents: config.webEvents, webhooks: config.webhooks, notifications: config.notifications, metrics: config.metrics, ai: config.ai, trustedProxies: config.trustedProxies, oidcProvider: config.oidcProviders[0] };
    expect(Object.entries(groups).filter(([, part]) => !Object.isFrozen(part)).map(([name]) => name)).toEqual([]);
  });

  test('each variable belongs to one group of settings (a second definition would silently replace the first)', () => {
    const groups = [networkVariables, storageVariables, processVariables, liveVariables, signInVariables, notificationVariables, metricsVariables, clusterVariables, aiVariables, oidcVariables()];
    const names = groups.flatMap((group) => Object.keys(group));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect([...names].sort()).toEqual([...configVariables].sort());
  });

  test('trusted proxies: a list of addresses and ranges, empty by default, each bad entry named', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ BOARDS_TRUSTED_PROXIES: ' 127.0.0.1, 10.0.0.0/8 ,,::1 ' }).trustedProxies).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    const error = errorOf({ BOARDS_TRUSTED_PROXIES: '127.0.0.1,nginx,10.0.0.0/40' });
    expect(error.message).toMatch(/BOARDS_TRUSTED_PROXIES/);
    expect(error.message).toMatch(/"nginx" is not an IP address/);
    expect(error.message).toMatch(/"10\.0\.0\.0\/40" has a prefix length out of range/);
  });

  test('the response check: off by default and in production, on in development and tests, or as BOARDS_CHECK_RESPONSES says', () => {
    expect(loadConfig({}).checkResponses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).checkResponses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).checkResponses).toBe(true);
    expect(loadConfig({ BOARDS_CHECK_RESPONSES: 'true' }).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', BOARDS_CHECK_RESPONSES: 'false' }).checkResponses).toBe(false);
    expect(errorOf({ BOARDS_CHECK_RESPONSES: 'yes' }).message).toMatch(/BOARDS_CHECK_RESPONSES.*must be true or false/);
  });

  test('public URL follows the port and loses its trailing slash', () => {
    expect(loadConfig({ BOARDS_PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ BOARDS_PUBLIC_URL: 'https://boards.example.com/' }).publicUrl).toBe('https://boards.example.com');
  });

  test('mongodb storage with its URL', () => {
    const config = loadConfig({ BOARDS_STORAGE: 'mongodb', BOARDS_MONGODB_URL: 'mongodb://127.0.0.1:27017/boards' });
    expect(config.storage).toEqual({ kind: 'mongodb', url: 'mongodb://127.0.0.1:27017/boards' });
  });

  test('postgres storage with its URL', () => {
    for (const url of ['postgres://boards:secret@127.0.0.1:5432/boards', 'postgresql://127.0.0.1/boards?sslmode=require']) {
      expect(loadConfig({ BOARDS_STORAGE: 'postgres', BOARDS_POSTGRES_URL: url }).storage).toEqual({ kind: 'postgres', url });
    }
  });

  test('empty variables count as unset', () => {
    expect(loadConfig({ BOARDS_PORT: '' }).port).toBe(8080);
  });

  test.each([
    ['BOARDS_PORT', { BOARDS_PORT: 'eighty' }],
    ['BOARDS_PORT', { BOARDS_PORT: '70000' }],
    ['BOARDS_PORT', { BOARDS_PORT: '-1' }],
    ['BOARDS_PORT', { BOARDS_PORT: '80.5' }],
    ['BOARDS_HOST', { BOARDS_HOST: ' ' }],
    ['BOARDS_PUBLIC_URL', { BOARDS_PUBLIC_URL: 'not a url' }],
    ['BOARDS_PUBLIC_URL', { BOARDS_PUBLIC_URL: 'ftp://boards.example.com' }],
    ['BOARDS_STORAGE', { BOARDS_STORAGE: 'oracle' }],
    ['BOARDS_MONGODB_URL', { BOARDS_STORAGE: 'mongodb' }],
    ['BOARDS_MONGODB_URL', { BOARDS_MONGODB_URL: 'http://127.0.0.1:27017' }],
    ['BOARDS_POSTGRES_URL', { BOARDS_STORAGE: 'postgres' }],
    ['BOARDS_POSTGRES_URL', { BOARDS_STORAGE: 'postgres', BOARDS_POSTGRES_URL: 'mysql://127.0.0.1:3306/boards' }],
    ['BOARDS_POSTGRES_URL', { BOARDS_POSTGRES_URL: '127.0.0.1:5432' }],
    ['BOARDS_REDIS_URL', { BOARDS_REDIS_URL: 'http://127.0.0.1:6379' }],
    ['BOARDS_REDIS_URL', { BOARDS_REDIS_URL: '127.0.0.1:6379' }],
    ['BOARDS_LOG_LEVEL', { BOARDS_LOG_LEVEL: 'loud' }],
    ['BOARDS_RATE_LIMIT_PER_MINUTE', { BOARDS_RATE_LIMIT_PER_MINUTE: '0' }],
    ['BOARDS_SHUTDOWN_GRACE_MS', { BOARDS_SHUTDOWN_GRACE_MS: 'soon' }],
    ['BOARDS_SYNC_MAX_MESSAGE_BYTES', { BOARDS_SYNC_MAX_MESSAGE_BYTES: '0' }],
    ['BOARDS_SYNC_MAX_CONNECTIONS_PER_BOARD', { BOARDS_SYNC_MAX_CONNECTIONS_PER_BOARD: 'many' }],
    ['BOARDS_SYNC_MESSAGES_PER_SECOND', { BOARDS_SYNC_MESSAGES_PER_SECOND: '-5' }],
    ['BOARDS_SYNC_COALESCE_MS', { BOARDS_SYNC_COALESCE_MS: '-1' }],
    ['BOARDS_SYNC_COALESCE_MS', { BOARDS_SYNC_COALESCE_MS: '51' }],
    ['BOARDS_SYNC_COALESCE_MS', { BOARDS_SYNC_COALESCE_MS: '1.5' }],
    ['BOARDS_MAX_DOCUMENT_BYTES', { BOARDS_MAX_DOCUMENT_BYTES: '1.5' }],
  ])('a bad %s stops start-up with a message naming it', (variable, env) => {
    const error = errorOf(env);
    expect(error.variables).toContain(variable);
    expect(error.message).toContain(variable);
  });

  test('several bad variables are all named', () => {
    const error = errorOf({ BOARDS_PORT: 'x', BOARDS_STORAGE: 'y' });
    expect(error.variables).toEqual(expect.arrayContaining(['BOARDS_PORT', 'BOARDS_STORAGE']));
  });

  test('development defaults are named whatever NODE_ENV says', () => {
    for (const env of [{}, { NODE_ENV: 'production' }]) {
      const warnings = developmentDefaults(loadConfig(env)).join(' ');
      for (const variable of ['BOARDS_PUBLIC_URL', 'BOARDS_SESSION_SECRET', 'BOARDS_SMTP_URL']) expect(warnings).toContain(variable);
    }
    const configured = loadConfig({
      BOARDS_PUBLIC_URL: 'https://boards.example.com',
      BOARDS_SESSION_SECRET: 'x'.repeat(32),
      BOARDS_SMTP_URL: 'smtp://mail.example.com',
    });
    expect(developmentDefaults(configured)).toEqual([]);
  });

  test('a metrics port without a token on a non-loopback interface is warned about; with a token or on loopback it is not', () => {
    const warned = (env: Record<string, string>) => developmentDefaults(loadConfig(env)).some((warning) => warning.includes('BOARDS_METRICS_PORT'));
    expect(warned({ BOARDS_METRICS_PORT: '9464', BOARDS_METRICS_HOST: '0.0.0.0' })).toBe(true);
    expect(warned({ BOARDS_HOST: '10.0.0.5', BOARDS_METRICS_PORT: '9464' })).toBe(true);
    expect(warned({ BOARDS_METRICS_PORT: '9464', BOARDS_METRICS_HOST: '0.0.0.0', BOARDS_METRICS_TOKEN: 'a'.repeat(16) })).toBe(false);
    expect(warned({ BOARDS_METRICS_PORT: '9464' })).toBe(false);
    expect(warned({ BOARDS_METRICS_TOKEN: 'a'.repeat(16) })).toBe(false);
  });

  test('with BOARDS_PORT=0 the default public URL names the bound port; an explicit one is kept', () => {
    const bound = withBoundPort(loadConfig({ BOARDS_PORT: '0' }), 43117);
    expect(bound.publicUrl).toBe('http://localhost:43117');
    expect(bound.port).toBe(43117);
    expect(Object.isFrozen(bound)).toBe(true);
    expect(withBoundPort(loadConfig({ BOARDS_PORT: '0', BOARDS_PUBLIC_URL: 'https://boards.example.com' }), 43117).publicUrl).toBe('https://boards.example.com');
  });

  test('both loopback names are accepted origins in development only', () => {
    expect(acceptedOrigins(loadConfig({}))).toEqual(expect.arrayContaining(['http://localhost:8080', 'http://127.0.0.1:8080']));
    expect(acceptedOrigins(loadConfig({ NODE_ENV: 'production' }))).toEqual(['http://localhost:8080']);
    expect(acceptedOrigins(loadConfig({ BOARDS_PUBLIC_URL: 'https://boards.example.com' }))).toEqual(['https://boards.example.com']);
  });
});
