import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { redactUrl } from '../../server/redaction.js';

/**
 * Gives every request an id `req_<hex>` (state and `Request-Id` header), a child logger, and
 * one access-log line when it ends. Tokens in the URL are redacted before logging.
 */
export function requestContext(options: { logger: Logger; publicUrl: string }): Middleware {
  return async (ctx, next) => {
    const requestId = `req_${randomBytes(8).toString('hex')}`;
    const startedAt = performance.now();
    ctx.state.requestId = requestId;
    ctx.state.publicUrl = options.publicUrl;
    ctx.state.log = options.logger.child({ requestId });
    ctx.set('Request-Id', requestId);
    try {
      await next();
    } finally {
      (ctx.state.log as Logger).info(
        {
          method: ctx.method,
          url: redactUrl(ctx.originalUrl),
          status: ctx.status,
          durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
          credentialId: (ctx.state.principal as { credential?: { id: string } } | undefined)?.credential?.id,
        },
        'request',
      );
    }
  };
}
