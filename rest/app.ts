import Koa from 'koa';
import type { Logger } from 'pino';
import type { Services } from '../server/Services.js';
import { CrdtError, ItemValidationError } from '../crdt/index.js';
import type { CrdtErrorCode } from '../crdt/index.js';
import type { ErrorCode } from '../server/errors.js';
import { ServiceError, ValidationError } from '../server/errors.js';
import { StorageError } from '../storage/index.js';
import { errorHandler } from './middleware/errorHandler.js';
import type { ErrorTranslator } from './middleware/errorHandler.js';
import { RateLimit } from './middleware/rateLimit.js';
import { requestContext } from './middleware/requestContext.js';
import { buildOpenApi } from './openapi.js';
import { errorDocs } from './pages/errorDocs.js';
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
}

/** The Koa application and the routes it serves. */
export interface App {
  koa: Koa;
  routes: readonly Route[];
}

/** API error codes of the crdt layer's errors (CrdtError and DocumentError codes). */
const lowerLayerCodes: Readonly<Record<CrdtErrorCode | 'duplicate_key', ErrorCode>> = {
  validation_failed: 'validation_failed',
  item_not_found: 'not_found',
  unknown_item_type: 'not_found',
  conversion_not_supported: 'validation_failed',
  document_too_large: 'payload_too_large',
  document_deleted: 'not_found',
  document_exists: 'conflict',
  persist_timeout: 'service_unavailable',
  registry_closed: 'service_unavailable',
  duplicate_key: 'conflict',
};

const translateLowerLayers: ErrorTranslator = (error) => {
  if (error instanceof ItemValidationError) return new ValidationError([...error.issues], { cause: error });
  if (error instanceof CrdtError || error instanceof StorageError) {
    const code = lowerLayerCodes[error.code as keyof typeof lowerLayerCodes] as ErrorCode | undefined;
    if (code === undefined) return null;
    if (code === 'validation_failed') return new ValidationError([{ field: 'targetType', message: error.message }], { cause: error });
    const message = code === 'conflict' && error instanceof StorageError ? 'A resource with the same unique key already exists.' : error.message;
    return new ServiceError(code, message, { cause: error });
  }
  return null;
};

/** Builds the HTTP application: health, error docs, OpenAPI and the `/v1` API. */
export function createApp(options: AppOptions): App {
  const { services, logger } = options;
  const routes = allRoutes(services);
  const koa = new Koa({ proxy: false });
  const openApi = buildOpenApi(routes, services.config.publicUrl);
  const rateLimit = new RateLimit({ requestsPerMinute: services.config.rateLimitPerMinute });

  koa.use(requestContext({ logger, publicUrl: services.config.publicUrl }));
  koa.use(errorHandler(translateLowerLayers));
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
  koa.use(webRoutes(services));
  koa.use(
    apiRouter('/v1', {
      routes,
      authenticator: services.authenticator,
      rateLimit,
      validateResponses: !services.config.production,
    }),
  );
  return { koa, routes };
}
