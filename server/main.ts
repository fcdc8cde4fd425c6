import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DestinationStream, Logger } from 'pino';
import type { App } from '../rest/app.js';
import type { createMetricsApp } from '../rest/metricsApp.js';
import type { Route } from '../rest/route.js';
import type { Clock, ClusterPorts, Database } from '../storage/index.js';
import type { DataDirLock } from '../storage/index.js';
import type { Config } from './config.js';
import { developmentDefaults, withBoundPort } from './config.js';
import { listenOn } from './listenOn.js';
import { HeldUpgrades } from './net/HeldUpgrades.js';
import { acceptQueuedConnections } from './net/queuedConnections.js';
import { StartupSteps } from './StartupSteps.js';
import type { Services } from './Services.js';
import type { ServerMetrics } from './metrics/ServerMetrics.js';
import type { SyncGateway } from './realtime/SyncGateway.js';

/** Options of `startServer` beyond the configuration; tests inject a clock and a log sink. */
export interface StartOptions {
  clock?: Clock;
  logDestination?: DestinationStream;
  /** An already-open store (tests of the mongodb adapter, servers sharing one store); default: open the configured one. */
  database?: Database;
  /** What this server shares with others besides the store (tests: a `LocalUpdateBus` network); default: Redis when `BOARDS_REDIS_URL` is set, else in-process. Closed by the caller. */
  cluster?: ClusterPorts;
}

/** A running server. */
export interface RunningServer {
  /** `http://host:port` actually bound. */
  readonly url: string;
  readonly port: number;
  readonly services: Services;
  readonly logger: Logger;
  readonly http: Server;
  /** The API operations mounted under `/v1`. */
  readonly routes: readonly Route[];
  /** `http://host:port/metrics` of the metrics listener when `BOARDS_METRICS_PORT` is set; else null (served on the main port, with a token). */
  readonly metricsUrl: string | null;
  /**
   * Graceful stop: refuse new connections (`/readyz` 503), close live sockets 1001, finish the
   * requests being served (`Connection: close`; one that starts now gets 503 with `Retry-After`),
   * drop what is still open after `shutdownGraceMs`, wait for the handlers still running, stop
   * background work, flush documents, close the store and release the data folder.
   */
  close(): Promise<void>;
}

/**
 * The answer to a request that arrives while the server starts: 503 `service_unavailable` in the
 * error envelope, with `Retry-After`, as a request refused while the server stops gets.
 */
function startingAnswer(response: ServerResponse, publicUrl: string): void {
  const requestId = `req_${randomBytes(8).toString('hex')}`;
  const code = 'service_unavailable';
  const body = JSON.stringify({ error: { code, message: 'The server is starting; retry after Retry-After seconds.', docsUrl: `${publicUrl}/docs/errors/${code}` }, requestId });
  response.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'application/json; charset=utf-8', 'Request-Id': requestId, 'Cache-Control': 'no-store' }).end(body);
}

/** Live-sync connections held while the server starts (beyond them: 503, and the client connects again). */
const heldUpgradesLimit = 10_000;

/**
 * Most waits of a millisecond (about two seconds when idle) for the live clients queued during
 * start-up to join before the HTTP app loads: a board whose load hangs, or an endless stream of
 * new connections, delays `/readyz` no longer than that.
 */
const liveQueueMaxWaits = 2_000;
/** The same bound in time: on a loaded machine a wait of a millisecond lasts longer. */
const liveQueueMaxMs = 2_000;

/**
 * The composition root: listens first (a port in use fails before the store is touched, and before
 * any module but the configuration's is loaded), takes the data folder's lock, opens the store,
 * wires services, recovers what the last process left, serves live sync, lets the live clients queued
 * meanwhile join, then loads and wires the HTTP app.
 * Start-up problems of the environment throw `StartupError` naming the setting; requests that
 * arrive before the app is wired answer 503, and a live connection that arrives before live sync
 * is served is held and answered once it is (`HeldUpgrades`), so a restart's clients do not back off.
 */
export async function startServer(initialConfig: Config, options: StartOptions = {}): Promise<RunningServer> {
  const steps = new StartupSteps();
  steps.mark('boot');
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => startingAnswer(response, initialConfig.publicUrl);
  const http = createServer((request, response) => handle(request, response));
  http.keepAliveTimeout = 5_000;
  const upgrades = new HeldUpgrades(heldUpgradesLimit);
  upgrades.listen(http);
  await listenOn(http, initialConfig);
  steps.mark('listen');
  const port = (http.address() as AddressInfo).port;
  const config = withBoundPort(initialConfig, port);
  // Made only when served: off, requests are not even counted.
  // prom-client (about 12 MB and 60 ms at start-up) is loaded only when metrics are served.
  const metrics: ServerMetrics | null =
    config.metrics.token !== null || config.metrics.port !== null ? new (await import('./metrics/ServerMetrics.js')).ServerMetrics() : null;
  let handleMetrics = handle;
  const metricsHttp = config.metrics.port === null ? null : createServer((request, response) => handleMetrics(request, response));
  let lock: DataDirLock | null = null;
  let db: Database | null = options.database ?? null;
  let cluster: ClusterPorts | null = options.cluster ?? null;
  let services: Services | null = null;
  let sync: SyncGateway | null = null;
  let shuttingDown = false;
  let started: { services: Services; gateway: SyncGateway; app: StartedApp; logger: Logger };
  try {
    if (metricsHttp) await listenOn(metricsHttp, { host: config.metrics.host, port: config.metrics.port ?? 0 }, { port: 'BOARDS_METRICS_PORT', host: config.metrics.host === config.host ? 'BOARDS_HOST' : 'BOARDS_METRICS_HOST' });
    // Loaded once the port is held (even the logger and the store's checks: only the configuration
    // loads before): most of start-up is loading modules, and the HTTP app's share waits for live sync below.
    const [{ createLogger }, { systemClock }, { lockDataDir, openStore, prepareDataDir }, { openCluster }, { createServices }, { startBackgroundWork }, { SyncGateway: Gateway }, { TrustedProxies }] =
      await Promise.all([
        import('./logger.js'),
        import('../storage/index.js'),
        import('./startupChecks.js'),
        import('./clusterStartup.js'),
        import('./Services.js'),
        import('./backgroundWork.js'),
        import('./realtime/SyncGateway.js'),
        import('./net/TrustedProxies.js'),
      ]);
    steps.mark('modules');
    const logger = createLogger(initialConfig, options.logDestination);
    const clock = options.clock ?? systemClock;
    prepareDataDir(config);
    if (!options.database && config.storage.kind === 'sqlite') lock = lockDataDir(config.dataDir);
    db ??= await openStore(config, {
      onBackgroundError: (error) => logger.error({ err: error }, 'Background storage work failed; it is retried'),
      ...(metrics ? { observer: metrics.storage } : {}),
    });
    steps.mark('store');
    cluster ??= await openCluster(config, clock, logger);
    const built = await createServices(config, db, clock, logger, { ...(metrics ? { observers: { documents: metrics.documents } } : {}), cluster });
    services = built;
    steps.mark('services');
    // Recovery (jobs cut off, the events of live edits) ends here, before any board is served.
    await startBackgroundWork(built);
    steps.mark('recovery');
    metrics?.watch(built, logger);
    const gateway = new Gateway({
      hub: built.hub,
      access: built.access,
      authenticator: built.authenticator,
      logger,
      accessChanges: built.accessChanges,
      clock,
      trustedProxies: new TrustedProxies(config.trustedProxies),
      // ws rejects larger frames itself (1009) before they are buffered whole.
      maxMessageBytes: config.sync.maxMessageBytes,
    });
    sync = gateway;
    built.hub.onEdit((boardId, userId) => built.liveEdits.edited(boardId, userId));
    upgrades.serve((request, socket, head) => {
      if (!gateway.matches(request)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      // Stopping: the client connects again, to the next server of a rolling restart.
      else if (shuttingDown) socket.end('HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\n\r\n');
      else gateway.handleUpgrade(request, socket, head);
    });
    steps.mark('liveSync');
    // The clients of a restart that queued while the modules loaded are accepted, authorized and
    // synced before the HTTP app (the larger part of the modules) loads in long uninterrupted stretches.
    await acceptQueuedConnections(http, { maxWaits: liveQueueMaxWaits, maxMs: liveQueueMaxMs, busy: () => gateway.joining > 0 });
    steps.mark('liveQueue');
    started = { services: built, gateway, app: await startApp(built, logger, () => shuttingDown, metrics), logger };
    steps.mark('app');
  } catch (error) {
    upgrades.refuse('503 Service Unavailable\r\nRetry-After: 1');
    sync?.terminate();
    await services?.close().catch(() => undefined);
    await new Promise<void>((resolve) => http.close(() => resolve()));
    if (metricsHttp?.listening) await new Promise<void>((resolve) => metricsHttp.close(() => resolve()));
    if (db && !options.database) await db.close().catch(() => undefined);
    if (cluster && !options.cluster) await cluster.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  const store = db;
  const shared = cluster;
  const { services: running, gateway, app, logger } = started;
  handle = app.koa.callback();
  if (metrics && metricsHttp) {
    handleMetrics = app.metricsApp({ source: metrics, token: config.metrics.token, logger, publicUrl: config.publicUrl, requestsPerMinute: config.rateLimitPerMinute }).callback();
  }
  const metricsUrl = metricsHttp ? `${httpUrl(config.metrics.host, (metricsHttp.address() as AddressInfo).port)}/metrics` : null;
  http.on('clientError', app.onClientError);

  const url = httpUrl(config.host, port);
  for (const warning of developmentDefaults(config)) logger.warn(warning);
  logger.info({ ...startupSummary(config, url, store.kind, metricsUrl), cluster: shared.kind === 'redis' ? 'Redis (BOARDS_REDIS_URL)' : shared.shared ? 'shared in-process bus' : 'this process alone', startupMs: steps.durations }, 'listening');

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      shuttingDown = true;
      gateway.close();
      // The web app's event streams never end by themselves: ended now, the stop does not wait out its grace for them.
      running.sharingNews.stop();
      const drained = Promise.all(
        [http, metricsHttp].flatMap((server) => (server ? [new Promise<void>((resolve) => server.close(() => resolve()))] : [])),
      );
      http.closeIdleConnections();
      metricsHttp?.closeIdleConnections();
      // Past the grace, requests still running lose their connection (never a 2xx: their writes are not
      // acknowledged) and live sockets whose client never answered the 1001 close are dropped.
      const grace = setTimeout(() => {
        http.closeAllConnections();
        metricsHttp?.closeAllConnections();
        gateway.terminate();
      }, config.shutdownGraceMs);
      grace.unref();
      await drained;
      clearTimeout(grace);
      // A request whose connection the grace dropped may still be writing: its write and its events
      // (activity, webhook outbox) finish whole before the services close, within one more grace.
      let settled: NodeJS.Timeout | undefined;
      await Promise.race([app.idle(), new Promise<void>((resolve) => (settled = setTimeout(resolve, config.shutdownGraceMs).unref()))]);
      clearTimeout(settled);
      await running.close();
      if (!options.cluster) await shared.close();
      if (!options.database) await store.close();
      lock?.release();
      logger.info('stopped');
    })();
    return closing;
  };
  return { url, port, services: running, logger, http, routes: app.routes, metricsUrl, close };
}

/** The HTTP app of a server and the maker of its metrics listener's app. */
type StartedApp = App & { metricsApp: typeof createMetricsApp };

/** Loads the HTTP app's modules and builds it over `services`. */
async function startApp(services: Services, logger: Logger, isShuttingDown: () => boolean, metrics: ServerMetrics | null): Promise<StartedApp> {
  const [{ createApp }, { createMetricsApp }] = await Promise.all([import('../rest/app.js'), import('../rest/metricsApp.js')]);
  return Object.assign(createApp({ services, logger, isShuttingDown, ...(metrics ? { metrics } : {}) }), { metricsApp: createMetricsApp });
}

/** `http://host:port`, an IPv6 host in brackets. */
function httpUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The fields of the start-up log line: where to reach the server and what it runs on. */
function startupSummary(config: Config, url: string, storage: string, metricsUrl: string | null): Record<string, string> {
  return {
    url,
    publicUrl: config.publicUrl,
    web: `${config.publicUrl}/`,
    api: `${config.publicUrl}/v1`,
    openapi: `${config.publicUrl}/v1/openapi.json`,
    console: `${config.publicUrl}/console`,
    metrics: metricsUrl ?? (config.metrics.token ? `${config.publicUrl}/metrics (bearer token)` : 'off (set BOARDS_METRICS_TOKEN or BOARDS_METRICS_PORT)'),
    storage,
    dataDir: config.dataDir,
    signInCodes: config.smtpUrl ? 'mailed through BOARDS_SMTP_URL' : `not mailed: written to this log and to ${config.devOutboxPath}`,
  };
}
