import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DestinationStream, Logger } from 'pino';
import { createApp } from '../rest/app.js';
import type { Route } from '../rest/route.js';
import type { Clock, Database } from '../storage/index.js';
import { openDatabase, systemClock } from '../storage/index.js';
import type { Config } from './config.js';
import { databaseOptions, productionWarnings } from './config.js';
import { SyncGateway } from './realtime/SyncGateway.js';
import { createLogger } from './logger.js';
import type { Services } from './Services.js';
import { createServices } from './Services.js';

/** Options of `startServer` beyond the configuration; tests inject a clock and a log sink. */
export interface StartOptions {
  clock?: Clock;
  logDestination?: DestinationStream;
  /** An already-open store (tests of the mongodb adapter); default: open the configured one. */
  database?: Database;
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
  /** Graceful stop: refuse new connections, finish in-flight requests, flush, close the store. */
  close(): Promise<void>;
}

/** The composition root: opens the store, wires services and the HTTP app, and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = createLogger(config, options.logDestination);
  for (const warning of productionWarnings(config)) logger.warn(warning);
  const clock = options.clock ?? systemClock;
  const storeOptions = databaseOptions(config);
  const db =
    options.database ??
    (await openDatabase(
      storeOptions.kind === 'sqlite'
        ? { ...storeOptions, onBackgroundError: (error) => logger.error({ err: error }, 'Background storage work failed; it is retried') }
        : storeOptions,
    ));
  const services = await createServices(config, db, clock, logger);
  const sync = new SyncGateway({
    hub: services.hub,
    access: services.access,
    authenticator: services.authenticator,
    logger,
    // ws rejects larger frames itself (1009) before they are buffered whole.
    maxMessageBytes: config.sync.maxMessageBytes,
    onEdit: (boardId, userId) => services.liveEdits.edited(boardId, userId),
  });
  let shuttingDown = false;
  const app = createApp({ services, logger, isShuttingDown: () => shuttingDown });
  const http = createServer(app.koa.callback());
  http.keepAliveTimeout = 5_000;
  http.on('upgrade', (request, socket, head) => {
    if (sync.matches(request) && !shuttingDown) sync.handleUpgrade(request, socket, head);
    else {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    }
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  logger.info({ url, storage: db.kind, publicUrl: config.publicUrl }, 'listening');

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      shuttingDown = true;
      sync.close();
      const drained = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      const grace = setTimeout(() => http.closeAllConnections(), config.shutdownGraceMs);
      grace.unref();
      await drained;
      clearTimeout(grace);
      await services.close();
      if (!options.database) await db.close();
      logger.info('stopped');
    })();
    return closing;
  };
  return { url, port, services, logger, http, routes: app.routes, close };
}
