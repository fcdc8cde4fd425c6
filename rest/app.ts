import Koa from 'koa';
import type { Logger } from 'pino';
import type { Services } from '../server/Services.js';
import { ServiceError, errorCatalogue } from '../server/errors.js';
import { clientErrorHandler } from './clientError.js';
import { sendError } from './envelope.js';
import { translateLowerLayerError } from './lowerLayerErrors.js';
import { errorHandler } from './middleware/errorHandler.js';
import { RateLimit } from './middleware/rateLimit.js';
import { requestContext } from './middleware/requestContext.js';
import { requestMetrics } from './middleware/requestMetrics.js';
import type { RequestObserver } from './middleware/requestMetrics.js';
import { metricsEndpoint } from './metricsEndpoint.js';
import type { MetricsSource } from './metricsEndpoint.js';
import { serverTiming } from './middleware/serverTiming.js';
import { buildOpenApi } from './openapi.js';
import { errorDocs } from './pages/errorDocs.js';
import { unsubscribeRoutes } from './pages/unsubscribePage.js';
import { consoleRoutes } from './console/consoleRoutes.js';
import { mcpEndpoint } from './mcp/mcpEndpoint.js';
import { oauthRoutes } from './oauth/oauthRoutes.js';
import type { Route } from './route.js';
import { setJsonAnswer } from './jsonAnswer.js';
import { apiRouter } from './router.js';
import { assetLinkReads } from './routes/assetLinkReads.js';
import { allRoutes } from './routes/index.js';
import { webRoutes } from './web/webRoutes.js';
import { TrustedProxies } from '../server/net/TrustedProxies.js';

/** `Retry-After` of a request refused while the server stops: a rolling restart's next server is up in about that. */
const shutdownRetryAfterSeconds = 1;

/** Options of the HTTP application. */
export interface AppOptions {
  services: Services;
  logger: Logger;
  /**
   * True once the server is stopping: `/readyz` answers 503, requests already being served finish
   * with `Connection: close`, and a request that starts then (the next one on a kept-alive
   * connection) is answered 503 `service_unavailable` with `Retry-After` before anything runs.
   */
  isShuttingDown: () => boolean;
  /** Prometheus metrics: every request is counted into them, and `/metrics` serves them (docs/metrics.md). */
  metrics?: MetricsSource & RequestObserver;
}

/** The Koa application, the routes it serves and the HTTP server's `clientError` listener. */
export interface App {
  koa: Koa;
  routes: readonly Route[];
  /** Answers requests Node's HTTP parser refused (431, 400, 408) in the error envelope. */
  onClientError: ReturnType<typeof clientErrorHandler>;
  /**
   * Resolves once no request is being handled, including one whose connection was dropped: at
   * shutdown, the services close only after the writes under way finished (or failed) whole.
   */
  idle(): Promise<void>;
}

/** Builds the HTTP application: health, error docs, OpenAPI and the `/v1` API. */
export function createApp(options: AppOptions): App {
  const { services, logger } = options;
  const routes = allRoutes(services);
  const koa = new Koa({ proxy: false });
  // Built on its first request and held as its text (about 0.4 MB; the document object and the
  // schema conversion that builds it take several MB more).
  let openApiJson: string | undefined;
  const rateLimit = new RateLimit({ requestsPerMinute: services.config.rateLimitPerMinute, limiters: services.cluster.rateLimiters });

  if (services.config.trustedProxies.length > 0) {
    const proxies = new TrustedProxies(services.config.trustedProxies);
    koa.use((ctx, next) => {
      ctx.request.ip = proxies.clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.req.headers['x-forwarded-for']);
      return next();
    });
  }
  if (options.metrics) koa.use(requestMetrics(options.metrics));
  koa.use(serverTiming('/v1'));
  koa.use(requestContext({ logger, publicUrl: services.config.publicUrl }));
  const handleErrors = errorHandler(translateLowerLayerError);
  koa.use(handleErrors);
  const metricsConfig = services.config.metrics;
  if (options.metrics) {
    // On this port only with a token; with a metrics port of its own, this one answers 404.
    const enabled = metricsConfig.port === null && metricsConfig.token !== null;
    koa.use(metricsEndpoint({ source: options.metrics, enabled, token: metricsConfig.token, rateLimit }));
  }
  koa.use(async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    switch (ctx.path) {
      case '/healthz':
        setJsonAnswer(ctx, { status: 'ok' });
        return;
      case '/readyz':
        if (options.isShuttingDown()) throw new ServiceError('service_unavailable', 'The server is shutting down.');
        await services.db.ping();
        setJsonAnswer(ctx, { status: 'ready', storage: services.db.kind });
        return;
      case '/v1/openapi.json':
        ctx.type = 'json';
        ctx.body = openApiJson ??= JSON.stringify(buildOpenApi(routes, services.config.publicUrl));
        return;
      default:
        return next();
    }
  });
  // Requests being handled are counted by `services.foreground` (background work gives way to them).
  const idleWaiters: (() => void)[] = [];
  koa.use(async (ctx, next) => {
    if (options.isShuttingDown()) {
      // Nothing of it has run: the client retries, on the next server of a rolling restart.
      ctx.set('Connection', 'close');
      ctx.set('Retry-After', String(shutdownRetryAfterSeconds));
      sendError(ctx, 'service_unavailable', errorCatalogue.service_unavailable);
      return;
    }
    services.foreground.begin();
    try {
      await next();
    } finally {
      services.foreground.end();
      if (services.foreground.handling === 0) for (const resolve of idleWaiters.splice(0)) resolve();
      // Answered while the server stops: the client's next request opens a new connection.
      if (options.isShuttingDown()) ctx.set('Connection', 'close');
    }
  });
  koa.use(errorDocs());
  services.oauth.attachLogger(logger);
  koa.use(oauthRoutes(services));
  koa.use(consoleRoutes(services));
  koa.use(unsubscribeRoutes(services));
  koa.use(webRoutes(services));
  koa.use(mcpEndpoint({ routes, authenticator: services.authenticator, rateLimit }));
  koa.use(assetLinkReads(services, rateLimit));
  koa.use(
    apiRouter('/v1', {
      routes,
      authenticator: services.authenticator,
      rateLimit,
      assertResponses: services.config.checkResponses,
      idempotency: services.idempotency,
      answerError: (ctx, error) => handleErrors(ctx, () => Promise.reject(error)),
    }),
  );
  const idle = (): Promise<void> => (services.foreground.handling === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)));
  return { koa, routes, onClientError: clientErrorHandler({ logger, publicUrl: services.config.publicUrl }), idle };
}
