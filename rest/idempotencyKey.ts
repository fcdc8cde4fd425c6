import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { ServiceError } from '../server/errors.js';
import type { StoredAnswer } from '../server/idempotency/IdempotencyService.js';
import type { HttpMethod } from './route.js';

/** The request header (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const idempotencyKeyHeader = 'Idempotency-Key';

/** The response header of a replayed answer. */
export const replayedHeader = 'Idempotent-Replayed';

/** The methods that honour `Idempotency-Key`; GET and PUT are idempotent already and ignore it. */
export const idempotentKeyMethods: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['POST', 'PATCH', 'DELETE']);

/** Most characters of a key. */
export const maxIdempotencyKeyLength = 255;

// The answer headers that belong to the answer itself (RateLimit-*, Request-Id and Server-Timing belong to each request).
const storedHeaders = ['location', 'content-location', 'preference-applied', 'retry-after'] as const;

/**
 * The request's `Idempotency-Key`, or null when it has none or the method ignores it. Throws
 * 400 `invalid_idempotency_key` unless it is 1 to 255 printable ASCII characters.
 */
export function readIdempotencyKey(ctx: Context, method: HttpMethod): string | null {
  if (!idempotentKeyMethods.has(method)) return null;
  const raw = ctx.req.headers[idempotencyKeyHeader.toLowerCase()];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (key.length === 0 || key.length > maxIdempotencyKeyLength || !/^[\x20-\x7e]+$/.test(key)) {
    throw new ServiceError('invalid_idempotency_key', `The ${idempotencyKeyHeader} header must be 1 to ${maxIdempotencyKeyLength} printable ASCII characters.`, {
      details: { header: idempotencyKeyHeader },
    });
  }
  return key;
}

/** SHA-256 of the method, the path with its sorted query, and the body as canonical JSON (keys sorted): what a key is bound to. */
export function requestFingerprint(ctx: Context, body: unknown): string {
  const query = new URLSearchParams(ctx.querystring);
  query.sort();
  return createHash('sha256')
    .update(`${ctx.method} ${ctx.path}?${query.toString()}\n${body === undefined ? '' : canonicalJson(body)}`)
    .digest('hex');
}

/** The answer the router has put on `ctx`, as it will be replayed. */
export function capturedAnswer(ctx: Context): StoredAnswer {
  const headers: Record<string, string> = {};
  for (const name of storedHeaders) {
    const value = ctx.response.get(name);
    if (value !== '') headers[name] = value;
  }
  const body: unknown = ctx.body;
  if (body === undefined || body === null) return { status: ctx.status, headers, body: null };
  // A write's answer is sent as the bytes of its JSON (`AfterSync`).
  const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : JSON.stringify(body);
  return { status: ctx.status, headers, body: text };
}

/** Sends a stored answer again, marked `Idempotent-Replayed: true`. */
export function replayAnswer(ctx: Context, answer: StoredAnswer): void {
  ctx.status = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.set(replayedHeader, 'true');
  if (answer.body !== null) {
    ctx.type = 'application/json';
    ctx.body = answer.body;
  }
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
