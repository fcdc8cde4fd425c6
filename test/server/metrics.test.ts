import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { connectClient, createBoard, sticky, synced } from '../content/helpers.js';
import type { TestClient } from '../content/helpers.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, freePort, json, startTestServer } from '../helpers/testServer.js';
import { StartupError } from '../../server/StartupError.js';
import { startReceiver } from './webhooks/receiver.js';
import type { TestReceiver } from './webhooks/receiver.js';

const token = 'metrics-token-0123456789abcdef';

/** One sample of the Prometheus text format. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape (comments skipped). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key as string] = value as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The metric families a scrape declares (`# TYPE name type`). */
function families(text: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(match[1] as string, match[2] as string);
  return types;
}

/** The value of the sample `name` whose labels include `labels`; 0 when there is none. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = parseSamples(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}

async function scrape(url: string, bearer: string | null = token): Promise<Response> {
  return fetch(url, bearer === null ? {} : { headers: { Authorization: `Bearer ${bearer}` } });
}

async function scrapeText(t: TestServer): Promise<string> {
  const res = await scrape(`${t.url}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

describe('GET /metrics while BOARDS_METRICS_TOKEN is unset', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('answers 404 in the error envelope, as for an address that does not exist, with or without a token', async () => {
    await expectEnvelope(await scrape(`${t.url}/metrics`, null), 404, 'not_found');
    await expectEnvelope(await scrape(`${t.url}/metrics`, token), 404, 'not_found');
    await expectEnvelope(await fetch(`${t.url}/metrics`, { method: 'POST' }), 404, 'not_found');
    expect(t.server.metricsUrl).toBeNull();
  });
});

describe('GET /metrics on the main port', () => {
  let t: TestServer;
  let alice: TestUser;
  let receiver: TestReceiver;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestServer({ env: { BOARDS_METRICS_TOKEN: token, BOARDS_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    alice = await t.createUser({ name: 'Alice', plan: 'business' });
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await t.stop();
    await receiver.close();
  });

  it('refuses a missing, malformed or wrong token with 401 in the error envelope', async () => {
    for (const bearer of [null, '', 'wrong-token-0123456789abcdef', `${token}x`, token.slice(0, -1), alice.key]) {
      const res = await scrape(`${t.url}/metrics`, bearer);
      await expectEnvelope(res, 401, 'unauthorized');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const basic = await fetch(`${t.url}/metrics`, { headers: { Authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` } });
    await expectEnvelope(basic, 401, 'unauthorized');
  });

  it('answers other methods than GET and HEAD with 405 and Allow', async () => {
    const res = await fetch(`${t.url}/metrics`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    await expectEnvelope(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('serves the Prometheus text format 0.0.4 with the right token, and is not part of OpenAPI', async () => {
    const res = await scrape(`${t.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(families(text).get('boards_http_requests_total')).toBe('counter');
    expect(families(text).get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
    expect(() => parseSamples(text)).not.toThrow();
    const openapi = await json(fetch(`${t.baseUrl}/openapi.json`));
    expect(Object.keys(openapi.paths as object).some((path) => path.includes('metrics'))).toBe(false);
  });

  it('counts REST requests by operation id and status, with a latency histogram', async () => {
    const boardId = await createBoard(t, alice.key);
    expect((await t.api(alice.key, 'GET', `/boards/${boardId}`)).status).toBe(200);
    await expectEnvelope(await t.api(alice.key, 'GET', '/boards/brd_doesnotexist'), 404, 'not_found');
    await expectEnvelope(await t.api(null, 'GET', '/boards'), 401, 'unauthorized');
    const text = await scrapeText(t);
    expect(valueOf(text, 'boards_http_requests_total', { operation: 'createBoard', status: '201' })).toBe(1);
    expect(valueOf(text, 'boards_http_requests_total', { operation: 'getBoard', status: '200' })).toBe(1);
    expect(valueOf(text, 'boards_http_requests_total', { operation: 'getBoard', status: '404' })).toBe(1);
    expect(valueOf(text, 'boards_http_requests_total', { operation: 'listBoards', status: '401' })).toBe(1);
    expect(valueOf(text, 'boards_http_request_duration_seconds_count', { operation: 'getBoard' })).toBe(2);
    expect(valueOf(text, 'boards_http_request_duration_seconds_bucket', { operation: 'getBoard', le: '+Inf' })).toBe(2);
  });

  it('keeps the operation label bounded: ids in paths never become label values', async () => {
    const operationsOf = (text: string) => new Set(parseSamples(text).filter((s) => s.name === 'boards_http_requests_total').map((s) => s.labels.operation));
    // Warm every label this test produces, then check that more random ids add none.
    const visit = async () => {
      await t.api(alice.key, 'GET', `/boards/brd_${randomBytes(6).toString('hex')}`);
      await t.api(alice.key, 'GET', `/boards/brd_${randomBytes(6).toString('hex')}/items/itm_${randomBytes(6).toString('hex')}`);
      await t.api(alice.key, 'GET', `/nothing/${randomBytes(6).toString('hex')}`);
      await fetch(`${t.url}/${randomBytes(6).toString('hex')}`);
      await fetch(`${t.url}/oauth/${randomBytes(6).toString('hex')}`);
    };
    await visit();
    const before = operationsOf(await scrapeText(t));
    await visit();
    await visit();
    const after = operationsOf(await scrapeText(t));
    expect([...after].sort()).toEqual([...before].sort());
    for (const operation of after) expect(operation).toMatch(/^[A-Za-z]+$/);
    expect(after).toContain('unmatched');
    expect(after).toContain('other');
  });

  it('shows live connections, rooms and updates in and out after a live edit', async () => {
    const boardId = await createBoard(t, alice.key);
    const note = await json(t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('live')));
    const editor = connectClient(t, boardId, alice.key);
    const watcher = connectClient(t, boardId, alice.key);
    clients.push(editor, watcher);
    await Promise.all([synced(editor), synced(watcher)]);
    await t.server.services.hub.whenReady(boardId);
    let text = await scrapeText(t);
    expect(valueOf(text, 'boards_sync_connections')).toBe(2);
    expect(valueOf(text, 'boards_sync_rooms')).toBe(1);
    const receivedBefore = valueOf(text, 'boards_sync_updates_received_total');
    const sentBefore = valueOf(text, 'boards_sync_updates_sent_total');

    (editor.doc.getMap('items').get(note.id) as Y.Map<unknown>).set('x', 321);
    await expect.poll(() => ((watcher.doc.getMap('items').get(note.id) as Y.Map<unknown> | undefined)?.get('x'))).toBe(321);
    text = await scrapeText(t);
    expect(valueOf(text, 'boards_sync_updates_received_total')).toBeGreaterThan(receivedBefore);
    expect(valueOf(text, 'boards_sync_updates_sent_total')).toBeGreaterThan(sentBefore);
    expect(valueOf(text, 'boards_documents_loaded')).toBeGreaterThanOrEqual(1);

    editor.destroy();
    watcher.destroy();
    await expect.poll(async () => valueOf(await scrapeText(t), 'boards_sync_connections')).toBe(0);
  });

  it('times fsyncs and document appends, and counts a compaction forced by a large batch', async () => {
    const boardId = await createBoard(t, alice.key);
    let text = await scrapeText(t);
    const compactionsBefore = valueOf(text, 'boards_document_compaction_duration_seconds_count');
    // Past the 64 KiB of log after which a board is compacted, in one update.
    const operations = [0, 1, 2, 3].map((i) => ({ op: 'create', type: 'text', position: { x: i * 300, y: 0 }, data: { text: randomBytes(10_000).toString('hex') } }));
    expect((await t.api(alice.key, 'POST', `/boards/${boardId}/items:batch`, { operations })).status).toBe(200);
    await expect.poll(async () => valueOf(await scrapeText(t), 'boards_document_compaction_duration_seconds_count')).toBeGreaterThan(compactionsBefore);
    text = await scrapeText(t);
    expect(valueOf(text, 'boards_storage_fsync_duration_seconds_count', { file: 'journal' })).toBeGreaterThan(0);
    expect(valueOf(text, 'boards_storage_fsync_duration_seconds_count', { file: 'wal' })).toBeGreaterThan(0);
    expect(valueOf(text, 'boards_document_append_duration_seconds_count')).toBeGreaterThan(0);
    expect(valueOf(text, 'boards_document_updates_stored_total')).toBeGreaterThan(0);
    expect(valueOf(text, 'boards_document_compaction_snapshot_bytes_sum')).toBeGreaterThan(80_000);
    expect(valueOf(text, 'boards_document_compaction_failures_total')).toBe(0);
  });

  it('shows the search index behind after a change, and caught up once it is reindexed', async () => {
    const boardId = await createBoard(t, alice.key);
    await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('findable'));
    const text = await scrapeText(t);
    expect(valueOf(text, 'boards_search_index_pending_boards')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'boards_search_index_lag_seconds')).toBeGreaterThan(0);
    await t.server.services.search.flush();
    const after = await scrapeText(t);
    expect(valueOf(after, 'boards_search_index_pending_boards')).toBe(0);
    expect(valueOf(after, 'boards_search_index_lag_seconds')).toBe(0);
  });

  it('shows the webhook outbox depth with a delivery waiting for its retry, and counts failures', async () => {
    receiver.respond(500);
    const boardId = await createBoard(t, alice.key);
    const hook = await json(t.api(alice.key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'], boardIds: [boardId] }));
    await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('hooked'));
    await expect.poll(() => receiver.received.length).toBeGreaterThanOrEqual(1);
    await t.server.services.webhookDispatcher.idle();
    // The manual clock never reaches the retry's time: the delivery stays pending.
    let text = await scrapeText(t);
    expect(valueOf(text, 'boards_webhook_outbox_pending')).toBe(1);
    expect(valueOf(text, 'boards_webhook_attempts_total', { outcome: 'failure' })).toBe(1);
    expect(valueOf(text, 'boards_webhook_deliveries_failed_total')).toBe(0);
    // A ping gets one attempt: failing, it fails for good.
    expect((await t.api(alice.key, 'POST', `/webhooks/${hook.id}/ping`)).status).toBe(202);
    await expect.poll(async () => valueOf(await scrapeText(t), 'boards_webhook_deliveries_failed_total')).toBe(1);
    text = await scrapeText(t);
    expect(valueOf(text, 'boards_webhook_attempts_total', { outcome: 'failure' })).toBe(2);
    expect(valueOf(text, 'boards_webhook_outbox_pending')).toBe(1);
  });

  it('counts AI credits spent by operation, and jobs by state', async () => {
    const boardId = await createBoard(t, alice.key);
    await t.api(alice.key, 'POST', `/boards/${boardId}/items`, sticky('Launch is on Friday'));
    expect((await t.api(alice.key, 'POST', `/boards/${boardId}/ai/ask`, { question: 'When is the launch?' })).status).toBe(200);
    const queued = await t.api(alice.key, 'POST', `/boards/${boardId}/ai/generate`, { prompt: 'a, b and c', outputType: 'kanban' }, { Prefer: 'respond-async' });
    expect(queued.status).toBe(202);
    await t.server.services.jobs.idle();
    const text = await scrapeText(t);
    expect(valueOf(text, 'boards_ai_credits_spent_total', { operation: 'ask' })).toBe(1);
    expect(valueOf(text, 'boards_ai_credits_spent_total', { operation: 'generate' })).toBe(5);
    expect(valueOf(text, 'boards_ai_credits_refunded_total')).toBe(0);
    expect(valueOf(text, 'boards_jobs_finished_total', { state: 'succeeded' })).toBe(1);
    expect(valueOf(text, 'boards_jobs', { state: 'queued' })).toBe(0);
    expect(valueOf(text, 'boards_jobs', { state: 'running' })).toBe(0);
    expect(valueOf(text, 'boards_http_requests_total', { operation: 'aiAsk', status: '200' })).toBe(1);
    expect(valueOf(text, 'boards_http_requests_total', { operation: 'aiGenerate', status: '202' })).toBe(1);
  });

  it('docs/metrics.md lists exactly the metrics served, and the Grafana dashboard uses only those', async () => {
    const served = families(await scrapeText(t));
    const documented = new Set([...readFileSync('docs/metrics.md', 'utf8').matchAll(/^\| `([a-z0-9_:]+)` \|/gm)].map((m) => m[1] as string));
    // Platform-dependent process metrics of prom-client (documented as Linux only).
    const linuxOnly = ['process_open_fds', 'process_max_fds', 'process_resident_memory_bytes', 'process_virtual_memory_bytes', 'process_heap_bytes'];
    const expected = [...documented].filter((name) => process.platform === 'linux' || !linuxOnly.includes(name));
    expect([...served.keys()].sort()).toEqual(expected.sort());

    const dashboard = JSON.parse(readFileSync('deploy/grafana-dashboard.json', 'utf8')) as { panels: { targets?: { expr: string }[]; title: string }[] };
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    expect(exprs.length).toBeGreaterThan(10);
    const exists = (name: string) => served.has(name) || served.has(name.replace(/_(bucket|sum|count)$/, ''));
    for (const expr of exprs) {
      const names = [...expr.matchAll(/\b((?:boards|nodejs|process)_[a-z0-9_]+)\b/g)].map((m) => m[1] as string);
      expect(names.length, expr).toBeGreaterThan(0);
      for (const name of names) expect(exists(name), `${name} in ${expr}`).toBe(true);
    }
  });
});

describe('GET /metrics on a port of its own (BOARDS_METRICS_PORT)', () => {
  it('serves /metrics there, with the token when one is set, and answers 404 for it on the main port', async () => {
    const t = await startTestServer({ env: { BOARDS_METRICS_PORT: '0', BOARDS_METRICS_TOKEN: token } });
    try {
      const metricsUrl = t.server.metricsUrl as string;
      expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(metricsUrl).not.toBe(`${t.url}/metrics`);
      await expectEnvelope(await scrape(`${t.url}/metrics`), 404, 'not_found');
      await expectEnvelope(await scrape(metricsUrl, null), 401, 'unauthorized');
      await expectEnvelope(await scrape(metricsUrl, 'wrong-token-0123456789abcdef'), 401, 'unauthorized');
      const res = await scrape(metricsUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(families(await res.text()).has('boards_sync_connections')).toBe(true);
      // Nothing else lives on the metrics port.
      await expectEnvelope(await fetch(metricsUrl.replace('/metrics', '/v1/boards')), 404, 'not_found');
      await expectEnvelope(await fetch(metricsUrl.replace('/metrics', '/healthz')), 404, 'not_found');
    } finally {
      await t.stop();
    }
  });

  it('serves without a token when none is set, and the main port still answers 404', async () => {
    const t = await startTestServer({ env: { BOARDS_METRICS_PORT: '0' } });
    try {
      const metricsUrl = t.server.metricsUrl as string;
      const res = await scrape(metricsUrl, null);
      expect(res.status).toBe(200);
      expect(families(await res.text()).get('boards_http_requests_total')).toBe('counter');
      await expectEnvelope(await scrape(`${t.url}/metrics`, null), 404, 'not_found');
    } finally {
      await t.stop();
    }
  });

  it('a metrics port in use stops start-up naming BOARDS_METRICS_PORT, and frees the main port', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const busyPort = (busy.address() as AddressInfo).port;
    const mainPort = await freePort();
    try {
      const failed = await startTestServer({ env: { BOARDS_PORT: String(mainPort), BOARDS_PUBLIC_URL: `http://127.0.0.1:${mainPort}`, BOARDS_METRICS_PORT: String(busyPort) } }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(StartupError);
      expect((failed as StartupError).setting).toBe('BOARDS_METRICS_PORT');
      // The main port was closed again: a server can take it.
      const t = await startTestServer({ env: { BOARDS_PORT: String(mainPort), BOARDS_PUBLIC_URL: `http://127.0.0.1:${mainPort}` } });
      expect(t.server.port).toBe(mainPort);
      await t.stop();
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });

  it('refuses bad settings at start-up, naming the variable', async () => {
    const { loadConfig } = await import('../../server/config.js');
    for (const env of [
      { BOARDS_METRICS_TOKEN: 'short' },
      { BOARDS_METRICS_TOKEN: 'has spaces in it, 0123456789' },
      { BOARDS_METRICS_PORT: '70000' },
      { BOARDS_METRICS_PORT: 'abc' },
      { BOARDS_PORT: '9000', BOARDS_METRICS_PORT: '9000' },
      { BOARDS_METRICS_HOST: '127.0.0.1' },
    ]) {
      const variable = Object.keys(env).find((name) => name.startsWith('BOARDS_METRICS_')) as string;
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(variable);
    }
  });
});
