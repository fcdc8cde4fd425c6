import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Authenticator } from '../server/auth/Authenticator.js';
import { ServiceError, ValidationError } from '../server/errors.js';
import { authenticate } from './middleware/authenticate.js';
import type { RateLimit } from './middleware/rateLimit.js';
import { Reply } from './route.js';
import type { Route } from './route.js';

/** Options of the API router. */
export interface ApiRouterOptions {
  routes: readonly Route[];
  authenticator: Authenticator;
  rateLimit: RateLimit;
  /** Parse every response with its schema and fail loudly on a mismatch (development and tests). */
  validateResponses: boolean;
  /** Largest JSON body accepted; default 1 MiB. */
  maxBodyBytes?: number;
}

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  paramNames: string[];
}

/** Compiles an OpenAPI path template (`/boards/{boardId}/items:batch`) into a matcher. */
export function compilePath(template: string): { pattern: RegExp; paramNames: string[] } {
  const paramNames: string[] = [];
  const source = template
    .split(/(\{[A-Za-z0-9_]+\})/)
    .map((part) => {
      const param = /^\{([A-Za-z0-9_]+)\}$/.exec(part);
      if (param?.[1]) {
        paramNames.push(param[1]);
        return '([^/]+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { pattern: new RegExp(`^${source}/?$`), paramNames };
}

function zodIssues(error: z.ZodError, prefix: string): ValidationError {
  return ValidationError.fromZod(error, prefix);
}

/**
 * The `/v1` API: matches a route (404 when none, 405 with `Allow` for another method),
 * authenticates, rate-limits, checks the scope, parses and validates the input, runs the
 * handler and sends its validated result.
 */
export function apiRouter(prefix: string, options: ApiRouterOptions): Middleware {
  const compiled: CompiledRoute[] = options.routes.map((route) => ({ route, ...compilePath(route.path) }));
  const parseBody = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: options.maxBodyBytes ?? 1024 * 1024,
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  });

  return async (ctx, next) => {
    if (!ctx.path.startsWith(`${prefix}/`)) return next();
    const path = ctx.path.slice(prefix.length);
    const candidates: { entry: CompiledRoute; match: RegExpExecArray }[] = [];
    for (const entry of compiled) {
      const match = entry.pattern.exec(path);
      if (match) candidates.push({ entry, match });
    }
    if (candidates.length === 0) return next();
    // Literal segments win over parameters (`/boards/recent` before `/boards/{boardId}`).
    candidates.sort((a, b) => a.entry.paramNames.length - b.entry.paramNames.length);
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const hit = candidates.find((c) => c.entry.route.method === method);
    if (!hit) {
      const allowed = [...new Set(candidates.map((c) => c.entry.route.method))];
      ctx.set('Allow', allowed.join(', '));
      throw new ServiceError('method_not_allowed', `This address accepts ${allowed.join(', ')}.`);
    }
    await handle(ctx, hit.entry, hit.match, options, parseBody);
  };
}

async function handle(
  ctx: Context,
  { route, paramNames }: CompiledRoute,
  match: RegExpExecArray,
  options: ApiRouterOptions,
  parseBody: Middleware,
): Promise<void> {
  const principal = await authenticate(ctx, options.authenticator, options.rateLimit);
  if (!principal.scopes.has(route.scope)) {
    ctx.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${route.scope}"`);
    throw new ServiceError('insufficient_scope', `This operation needs the ${route.scope} scope.`, {
      details: { requiredScope: route.scope },
    });
  }

  const rawParams: Record<string, string> = {};
  paramNames.forEach((name, i) => {
    const value = match[i + 1] ?? '';
    try {
      rawParams[name] = decodeURIComponent(value);
    } catch {
      throw new ValidationError([{ field: name, message: 'is not a valid URL-encoded segment' }]);
    }
  });
  const params = route.params ? route.params.safeParse(rawParams) : { success: true as const, data: rawParams };
  if (!params.success) throw zodIssues(params.error, '');

  const query = route.query ? route.query.safeParse({ ...ctx.query }) : { success: true as const, data: {} };
  if (!query.success) throw zodIssues(query.error, '');

  let body: unknown;
  if (route.body) {
    const length = Number(ctx.get('Content-Length') || '0');
    const hasBody = length > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json')) {
      throw new ServiceError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
    }
    try {
      await parseBody(ctx, async () => {});
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new ServiceError('payload_too_large', 'The body is larger than allowed.', { cause: error });
      throw new ServiceError('bad_request', 'The body is not valid JSON.', { cause: error });
    }
    const parsed = route.body.safeParse(hasBody ? ctx.request.body : undefined);
    if (!parsed.success) throw zodIssues(parsed.error, '');
    body = parsed.data;
  }

  const answer = await route.handler({ params: params.data, query: query.data, body, principal, ctx });
  const reply = answer instanceof Reply ? answer : null;
  const other = reply ? route.otherResponses[reply.status] : undefined;
  if (reply && !other) throw new ServiceError('internal_error', `Undeclared response status ${reply.status}.`);
  const result = reply ? reply.body : answer;
  const schema = other ? other.schema : route.response;
  ctx.status = reply ? reply.status : route.status;
  for (const [name, value] of Object.entries(reply?.headers ?? {})) ctx.set(name, value);
  if (schema === null) return;
  if (options.validateResponses) {
    const checked = schema.safeParse(result);
    if (!checked.success) {
      (ctx.state.log as Logger).error({ operationId: route.operationId, issues: checked.error.issues }, 'response does not match its schema');
      throw new ServiceError('internal_error', 'Response failed validation.');
    }
  }
  ctx.body = result;
}
