import Koa from 'koa';
import type { Logger } from 'pino';
import type { Services } from '../server/Services.js';
import { ServiceError } from '../server/errors.js';
import { clientErrorHandler } from './clientError.js';
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
import { oauthRoutes } from './oauth/oauthRoutes.js';
import type { Route } from './route.js';
import { apiRouter } from './router.js';
import { allRoutes } from './routes/index.js';
import { webRoutes } from './web/webRoutes.js';

/** Options of the HTTP application. */
export interface AppOptions {
  services: Services;
  logger: Logger;
  /** Answers `/readyz` with 503 once true (set during shutdown). */
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
}

/** Builds the HTTP application: health, error docs, OpenAPI and the `/v1` API. */
export function createApp(options: AppOptions): App {
  const { services, logger } = options;
  const routes = allRoutes(services);
  const koa = new Koa({ proxy: false });
  const openApi = buildOpenApi(routes, services.config.publicUrl);
  const rateLimit = new RateLimit({ requestsPerMinute: services.config.rateLimitPerMinute, limiters: services.cluster.rateLimiters });

  if (options.metrics) koa.use(requestMetrics(options.metrics));
  koa.use(serverTiming('/v1'));
  koa.use(requestContext({ logger, publicUrl: services.config.publicUrl }));
  koa.use(errorHandler(translateLowerLayerError));
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
        ctx.body = { status: 'ok' };
        return;
      case '/readyz':
        if (options.isShuttingDown()) throw new ServiceError('service_unavailable', 'The server is shutting down.');
        await services.db.ping();
        ctx.body = { status: 'ready', storage: services.db.kind };
        return;
      case '/v1/openapi.json':
        ctx.body = openApi;
        return;
      default:
        return next();
    }
  });
  koa.use(errorDocs());
  services.oauth.attachLogger(logger);
  koa.use(oauthRoutes(services));
  koa.use(consoleRoutes(services));
  koa.use(unsubscribeRoutes(services));
  koa.use(webRoutes(services));
  koa.use(
    apiRouter('/v1', {
      routes,
      authenticator: services.authenticator,
      rateLimit,
      assertResponses: !services.config.production,
    }),
  );
  return { koa, routes, onClientError: clientErrorHandler({ logger, publicUrl: services.config.publicUrl }) };
}
