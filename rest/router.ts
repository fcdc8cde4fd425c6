import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { HttpMethodEnum } from 'koa-body';
import type { Logger } from 'pino';
import { withWriteReceipt } from '../crdt/index.js';
import type { Authenticator } from '../server/auth/Authenticator.js';
import { ServiceError, ValidationError } from '../server/errors.js';
import type { IdempotencyDecision, IdempotencyService, IdempotentRequest } from '../server/idempotency/IdempotencyService.js';
import { jsonBodyReader } from './jsonBody.js';
import type { JsonBodyReader } from './jsonBody.js';
import { setJsonAnswer } from './jsonAnswer.js';
import { authenticate } from './middleware/authenticate.js';
import type { RateLimit } from './middleware/rateLimit.js';
import { capturedAnswer, readIdempotencyKey, replayAnswer, requestFingerprint } from './idempotencyKey.js';
import { serializeResponse } from './responseSerializer.js';
import { readRawBody } from './rawBody.js';
import { sendBinary } from './sendBinary.js';
import type { RawBody } from './rawBody.js';
import { AfterSync, BinaryReply, Reply } from './route.js';
import type { Route, RouteInput } from './route.js';
import { methodNotAllowed, newRouter, routerPath } from './routing.js';

/** Options of the API router. */
export interface ApiRouterOptions {
  routes: readonly Route[];
  authenticator: Authenticator;
  rateLimit: RateLimit;
  /**
   * Development and tests: a response with fields its schema does not declare fails with a
   * logged 500 instead of having them dropped silently, so a forgotten schema field shows up.
   */
  assertResponses: boolean;
  /** Largest JSON body accepted; default 1 MiB. */
  maxBodyBytes?: number;
  /** Claims and stored answers of keyed writes (`Idempotency-Key`). */
  idempotency: Pick<IdempotencyService, 'begin' | 'complete' | 'abandon' | 'release'>;
  /** Puts the error envelope of `error` on `ctx` as the app's error handler would (a keyed write stores it). */
  answerError: (ctx: Context, error: unknown) => Promise<void>;
}

/**
 * The `/v1` API on `@koa/router`, one route per `defineRoute` table entry (the same objects
 * feed OpenAPI). No route for the path: 404 (the error handler's envelope); a route for the path
 * but not the method: 405 with `Allow`. A matched operation authenticates, rate-limits, checks
 * the scope, reads `Idempotency-Key`, parses and validates params, query and body, runs the
 * handler (once per key: see `respondOnce`) and sends its result serialised through the response
 * schema. The codes each of these checks throws are listed in `routerChecks`
 * (rest/routeRefusals.ts), which OpenAPI documents per operation: change both together.
 */
export function apiRouter(prefix: string, options: ApiRouterOptions): Middleware {
  const readerOf = (maxBytes: number | undefined): JsonBodyReader => jsonBodyReader([HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE], maxBytes);
  const parseBody = readerOf(options.maxBodyBytes);
  const router = newRouter(prefix);
  // Registration order breaks ties between routes with as many parameters (the table's order).
  for (const route of options.routes) {
    const paramNames = [...route.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] ?? '');
    const parse = route.maxBodyBytes === undefined ? parseBody : readerOf(route.maxBodyBytes);
    router.register(routerPath(route.path), [route.method], (ctx) => handle(ctx, route, paramNames, options, parse));
  }
  const routes = router.routes() as Middleware;
  const refuse = methodNotAllowed(router, (allowed) => new ServiceError('method_not_allowed', `This address accepts ${allowed.join(', ')}.`));
  return (ctx, next) => routes(ctx, () => refuse(ctx, next));
}

async function handle(ctx: Context, route: Route, paramNames: readonly string[], options: ApiRouterOptions, parseBody: JsonBodyReader): Promise<void> {
  // The metrics' operation label: the template's id, never the path with its ids.
  ctx.state.operationId = route.operationId;
  const principal = await authenticate(ctx, options.authenticator, options.rateLimit);
  if (!principal.scopes.has(route.scope)) {
    ctx.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${route.scope}"`);
    throw new ServiceError('insufficient_scope', `This operation needs the ${route.scope} scope.`, {
      details: { requiredScope: route.scope },
    });
  }
  const idempotencyKey = readIdempotencyKey(ctx, route.method);

  const rawParams = decodeParams(ctx, paramNames);
  const params = route.params ? route.params.safeParse(rawParams) : { success: true as const, data: rawParams };
  if (!params.success) throw ValidationError.fromZod(params.error);

  const query = route.query ? route.query.safeParse({ ...ctx.query }) : { success: true as const, data: {} };
  if (!query.success) throw ValidationError.fromZod(query.error);

  let body: unknown;
  let rawBody: unknown;
  if (route.body) {
    const length = Number(ctx.get('Content-Length') || '0');
    const hasBody = length > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json')) {
      throw new ServiceError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
    }
    await parseBody(ctx);
    rawBody = hasBody ? ctx.request.body : undefined;
    const parsed = route.body.safeParse(rawBody);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    body = parsed.data;
  }

  let raw: RawBody | undefined;
  if (route.rawBody) {
    raw = await readRawBody(ctx, route.rawBody);
    rawBody = { mediaType: raw.mediaType, sha256: createHash('sha256').update(raw.data).digest('hex') };
  }

  const input: RouteInput<unknown, unknown, unknown> = { params: params.data, query: query.data, body, raw, principal, ctx };
  if (idempotencyKey === null) return respond(ctx, route, input, options);
  const boardId = (params.data as { boardId?: unknown }).boardId;
  await respondOnce(ctx, route, input, options, {
    credentialId: principal.credential.id,
    key: idempotencyKey,
    fingerprint: requestFingerprint(ctx, rawBody),
    receiptBoardId: route.boardDocumentWrite && typeof boardId === 'string' ? boardId : null,
  });
}

/**
 * A keyed write (Idempotency-Key): replays the stored answer of the same request, or claims the
 * key, runs the operation (with its write receipt, on board-document writes), and stores the
 * answer before it is sent.
 * Refusals of the caller's rights or rate (401, 403, 429) free the key; a 5xx stores no answer.
 */
async function respondOnce(ctx: Context, route: Route, input: RouteInput<unknown, unknown, unknown>, options: ApiRouterOptions, request: IdempotentRequest): Promise<void> {
  const { idempotency } = options;
  let decision: IdempotencyDecision;
  try {
    decision = await idempotency.begin(request);
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'idempotency_key_in_use') ctx.set('Retry-After', '1');
    throw error;
  }
  if (decision.kind === 'replay') return replayAnswer(ctx, decision.answer);
  const { claim } = decision;
  try {
    // Only where a retry reads it: a receipt grows the board document for 24 h.
    if (request.receiptBoardId === null) await respond(ctx, route, input, options);
    else await withWriteReceipt(claim.receiptId, () => respond(ctx, route, input, options));
  } catch (error) {
    await options.answerError(ctx, error);
  }
  if (ctx.status >= 500) return idempotency.abandon(claim);
  if (ctx.status === 401 || ctx.status === 403 || ctx.status === 429) return idempotency.release(claim);
  try {
    await idempotency.complete(claim, capturedAnswer(ctx));
  } catch (error) {
    // Left running, the key would answer 409 until it expires; unanswered, a retry settles it from the receipt.
    await idempotency.abandon(claim).catch(() => undefined);
    throw error;
  }
}

/** Runs the handler and puts its answer, serialised through the response schema, on `ctx`. */
async function respond(ctx: Context, route: Route, input: RouteInput<unknown, unknown, unknown>, options: ApiRouterOptions): Promise<void> {
  const handled = await route.handler(input);
  if (handled instanceof BinaryReply) return sendBinary(ctx, route.status, handled);
  const synced = handled instanceof AfterSync ? handled.synced : undefined;
  const answer: unknown = handled instanceof AfterSync ? handled.body : handled;
  const reply = answer instanceof Reply ? answer : null;
  const other = reply ? route.otherResponses[reply.status] : undefined;
  if (reply && !other) throw new ServiceError('internal_error', `Undeclared response status ${reply.status}.`);
  const result = reply ? reply.body : answer;
  const schema = other ? other.schema : route.response;
  ctx.status = reply ? reply.status : route.status;
  for (const [name, value] of Object.entries(reply?.headers ?? {})) ctx.set(name, value);
  if (schema === null) {
    await synced;
    return;
  }
  // A route's own answer built to its schema is checked where checks are on, sent as built elsewhere (`answerBuiltToSchema`).
  const asBuilt = !other && route.answerBuiltToSchema && !options.assertResponses;
  const serialized = asBuilt ? ({ ok: true, value: result } as const) : serializeResponse(schema, result, { rejectUndeclared: options.assertResponses });
  if (!serialized.ok) {
    (ctx.state.log as Logger).error({ operationId: route.operationId, problems: serialized.problems }, 'response does not match its schema');
    throw new ServiceError('internal_error', 'Response failed validation.');
  }
  if (synced === undefined) {
    setJsonAnswer(ctx, serialized.value);
    return;
  }
  // Encoded to its bytes while the write's fsync runs, and sent as they are once it is done: given
  // the text, Koa would scan it for its length and the socket encode it after the fsync (a batch's
  // answer is about 40 KB).
  const bytes = Buffer.from(JSON.stringify(serialized.value), 'utf8');
  await synced;
  ctx.type = 'application/json';
  ctx.body = bytes;
}

/**
 * The path parameters, percent-decoded strictly: the router leaves a malformed escape as it
 * came, and this answers it 422 naming the parameter (never a 500, never a raw `%` lookup).
 */
function decodeParams(ctx: Context, paramNames: readonly string[]): Record<string, string> {
  const captures = (ctx as Context & { captures?: string[] }).captures ?? [];
  const out: Record<string, string> = {};
  paramNames.forEach((name, i) => {
    try {
      out[name] = decodeURIComponent(captures[i] ?? '');
    } catch {
      throw new ValidationError([{ field: name, message: 'is not a valid URL-encoded segment' }]);
    }
  });
  return out;
}
