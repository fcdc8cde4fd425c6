import { Router } from '@koa/router';
import type { Middleware } from 'koa';

/**
 * A `@koa/router` with the project's matching rules: paths are case-sensitive, a trailing
 * slash is optional, and when several routes match one request the one with the fewest
 * parameters runs (`/boards/recent` before `/boards/{boardId}`).
 */
export function newRouter(prefix?: string): Router {
  return new Router({ sensitive: true, exclusive: 'specificity', ...(prefix === undefined ? {} : { prefix }) });
}

/**
 * An OpenAPI path template (`/boards/{boardId}/items:batch`) in the router's path syntax
 * (`/boards/:boardId/items\:batch`): parameters become `:name`, and the characters the syntax
 * reserves (`:` `(` `)` `[` `]` `{` `}` `*` `+` `?` `!`) are escaped when they are literal.
 */
export function routerPath(template: string): string {
  return template
    .split(/(\{[A-Za-z0-9_]+\})/)
    .map((part) => {
      const param = /^\{([A-Za-z0-9_]+)\}$/.exec(part);
      return param?.[1] ? `:${param[1]}` : part.replace(/[:()[\]{}*+?!\\]/g, '\\$&');
    })
    .join('');
}

/**
 * Answers a request whose path one of `router`'s routes matches but whose method none accepts:
 * sets `Allow` (the methods registered for the path, in the order they were registered, HEAD
 * implied by GET and left out) and throws `refuse(allowed)`. Other requests pass on.
 */
export function methodNotAllowed(router: Router, refuse: (allowed: readonly string[]) => Error): Middleware {
  return async (ctx, next) => {
    const { path } = router.match(ctx.path, ctx.method);
    const allowed = [...new Set(path.flatMap((layer) => layer.methods).filter((method) => method !== 'HEAD'))];
    if (allowed.length === 0) return next();
    ctx.set('Allow', allowed.join(', '));
    throw refuse(allowed);
  };
}
