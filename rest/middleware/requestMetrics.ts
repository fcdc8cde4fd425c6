import type { Context, Middleware } from 'koa';

/** What `requestMetrics` reports each answered request to (`ServerMetrics.observeRequest`). */
export interface RequestObserver {
  observeRequest(operation: string, status: number, seconds: number): void;
}

/** First path segments outside `/v1` that name a group of pages; any other path counts as `other`. */
const pageGroups: Readonly<Record<string, string>> = {
  healthz: 'healthz',
  readyz: 'readyz',
  metrics: 'metrics',
  oauth: 'oauth',
  console: 'console',
  account: 'console',
  docs: 'docs',
  app: 'web',
  web: 'web',
};

/**
 * The `operation` label of a request, from a bounded set so that ids in paths never become label
 * values: the API operation id the router matched (`ctx.state.operationId`), `openapi` for the
 * OpenAPI document, `unmatched` for other `/v1` paths (404, 405), else the group of pages by the
 * first path segment (`oauth`, `console`, `docs`, `web`, `healthz`, ...) or `other`.
 */
export function operationLabel(ctx: Context): string {
  const operationId = (ctx.state as { operationId?: unknown }).operationId;
  if (typeof operationId === 'string') return operationId;
  const path = ctx.path;
  if (path === '/v1/openapi.json') return 'openapi';
  if (path === '/v1' || path.startsWith('/v1/')) return 'unmatched';
  const segment = path.split('/', 2)[1] ?? '';
  return Object.hasOwn(pageGroups, segment) ? (pageGroups[segment] as string) : 'other';
}

/**
 * Reports every request's operation, final status and duration (to the answer being ready,
 * as `Server-Timing` measures it). Mounted outermost, so the status is the one the error handler
 * settled on.
 */
export function requestMetrics(observer: RequestObserver): Middleware {
  return async (ctx, next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      observer.observeRequest(operationLabel(ctx), ctx.status, (performance.now() - startedAt) / 1000);
    }
  };
}
