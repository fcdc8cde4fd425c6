import type { Middleware } from 'koa';
import type { Services } from '../../server/Services.js';

/** The developer console and connected-apps pages, and the console's JSON endpoints. */
export function consoleRoutes(_services: Services): Middleware {
  return async (_ctx, next) => next();
}
