import type { Middleware } from 'koa';

/**
 * Adds `Server-Timing: app;dur=<ms>` (W3C Server Timing) to every answer: the time from the
 * request reaching the application to its answer being ready, durability waits included, so
 * a client can tell server time from network and client-side time.
 */
export function serverTiming(): Middleware {
  return async (ctx, next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      if (!ctx.headerSent) ctx.set('Server-Timing', `app;dur=${(performance.now() - startedAt).toFixed(2)}`);
    }
  };
}
