import type { Middleware } from 'koa';

/**
 * Adds `Server-Timing: app;dur=<ms>` (W3C Server Timing) to every answer under `prefix` (the
 * `/v1` API): the time from the request reaching the application to its answer being ready,
 * durability waits included, so a client can tell server time from network and client-side
 * time. The OAuth endpoints and pages never carry it: a timing figure there would help tell
 * an unknown client from a wrong secret.
 */
export function serverTiming(prefix: string): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(`${prefix}/`)) return next();
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      if (!ctx.headerSent) ctx.set('Server-Timing', `app;dur=${(performance.now() - startedAt).toFixed(2)}`);
    }
  };
}
