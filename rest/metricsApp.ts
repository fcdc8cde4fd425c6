import Koa from 'koa';
import type { Logger } from 'pino';
import { translateLowerLayerError } from './lowerLayerErrors.js';
import { errorHandler } from './middleware/errorHandler.js';
import { RateLimit } from './middleware/rateLimit.js';
import { requestContext } from './middleware/requestContext.js';
import { metricsEndpoint } from './metricsEndpoint.js';
import type { MetricsSource } from './metricsEndpoint.js';

/** Options of the metrics listener's application. */
export interface MetricsAppOptions {
  source: MetricsSource;
  /** Required when set; null serves `/metrics` to anyone who reaches the port. */
  token: string | null;
  logger: Logger;
  /** For the error envelope's `docsUrl` (the pages live on the main port). */
  publicUrl: string;
  /** Budget of failed token attempts per client address, per minute. */
  requestsPerMinute: number;
}

/**
 * The application of the metrics listener (`BOARDS_METRICS_PORT`): `GET /metrics` and nothing
 * else (404 in the error envelope), with request ids and the error envelope as on the main port.
 */
export function createMetricsApp(options: MetricsAppOptions): Koa {
  const koa = new Koa({ proxy: false });
  koa.use(requestContext({ logger: options.logger, publicUrl: options.publicUrl }));
  koa.use(errorHandler(translateLowerLayerError));
  koa.use(
    metricsEndpoint({
      source: options.source,
      enabled: true,
      token: options.token,
      rateLimit: new RateLimit({ requestsPerMinute: options.requestsPerMinute }),
    }),
  );
  return koa;
}
