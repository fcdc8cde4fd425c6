import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { ServiceError } from '../server/errors.js';
import type { RateLimit } from './middleware/rateLimit.js';

/** Where `/metrics` reads its text (`ServerMetrics`). */
export interface MetricsSource {
  readonly contentType: string;
  render(): Promise<string>;
}

/** Options of `metricsEndpoint`. */
export interface MetricsEndpointOptions {
  source: MetricsSource;
  /** Served at all on this listener; false answers 404 as for any unknown address. */
  enabled: boolean;
  /** The bearer token a scrape must send; null serves without one (only on the metrics port). */
  token: string | null;
  /** Spends the client address's budget on a failed token, which throttles guessing. */
  rateLimit: RateLimit;
}

/** Whether `authorization` carries `Bearer <expected>`, compared in constant time (digests of equal length). */
export function bearerMatches(expected: string, authorization: string): boolean {
  const presented = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected)) && presented.length > 0;
}

/**
 * `GET /metrics` in the Prometheus text format (version 0.0.4). Disabled, the address does not
 * exist (404 in the error envelope, whatever the method). Enabled: other methods than GET and
 * HEAD answer 405; with a token configured, a missing or wrong `Authorization: Bearer` answers
 * 401 `unauthorized` with `WWW-Authenticate: Bearer`. Never part of `/v1` nor of OpenAPI.
 */
export function metricsEndpoint(options: MetricsEndpointOptions): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics') return next();
    // Left unanswered: the error handler's 404, the same as for any address that does not exist.
    if (!options.enabled) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new ServiceError('method_not_allowed', 'This address accepts GET, HEAD.');
    }
    if (options.token !== null && !bearerMatches(options.token, ctx.get('Authorization'))) {
      await options.rateLimit.consume(ctx, `ip:${ctx.ip}`);
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ServiceError('unauthorized', 'Scraping /metrics needs Authorization: Bearer <BOARDS_METRICS_TOKEN>.');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = options.source.contentType;
    ctx.body = await options.source.render();
  };
}
