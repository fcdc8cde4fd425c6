import type { ErrorCode } from '../server/errors.js';
import { idempotentKeyMethods } from './idempotencyKey.js';
import type { Route } from './route.js';

/** One check the API router runs around a handler, the routes it applies to, and what it may answer. */
interface RouterCheck {
  /** Which step of `apiRouter`'s `handle` this is. */
  readonly step: string;
  readonly appliesTo: (route: Route) => boolean;
  readonly codes: readonly ErrorCode[];
}

/** Whether the path template has parameters (`{boardId}`): each is percent-decoded strictly. */
const hasPathParams = (route: Route): boolean => /\{[A-Za-z0-9_]+\}/.test(route.path);

/**
 * The checks of `apiRouter` (rest/router.ts) in the order it runs them, with the error codes each
 * throws. Kept beside the router and read by the OpenAPI generator, so every operation documents
 * what the router can really answer for it; a contract test provokes each of these answers on
 * every operation that lists it.
 */
export const routerChecks: readonly RouterCheck[] = [
  // Every operation needs a bearer token and spends one request of its budget.
  { step: 'authenticate', appliesTo: () => true, codes: ['unauthorized', 'rate_limited'] },
  { step: 'scope', appliesTo: () => true, codes: ['insufficient_scope'] },
  { step: 'path parameters', appliesTo: (route) => route.params !== undefined || hasPathParams(route), codes: ['validation_failed'] },
  { step: 'query', appliesTo: (route) => route.query !== undefined, codes: ['validation_failed'] },
  {
    step: 'body',
    appliesTo: (route) => route.body !== undefined,
    codes: ['unsupported_media_type', 'bad_request', 'payload_too_large', 'validation_failed'],
  },
  // An upload: a media type it does not take (or a Content-Encoding), more bytes than allowed, a body cut off.
  { step: 'raw body', appliesTo: (route) => route.rawBody !== undefined, codes: ['unsupported_media_type', 'payload_too_large', 'bad_request'] },
  // A write with an Idempotency-Key: a malformed key; once the request is valid, a key bound to another request, running, or cut off by a crash.
  {
    step: 'idempotency key',
    appliesTo: (route) => idempotentKeyMethods.has(route.method),
    codes: ['invalid_idempotency_key', 'idempotency_key_reused', 'idempotency_key_in_use', 'idempotency_key_in_doubt'],
  },
  // The handler and the response serialiser: a failure of ours, or a store that is unreachable or closing.
  { step: 'handler', appliesTo: () => true, codes: ['internal_error', 'service_unavailable'] },
];

/** Every error code `route` may answer: the router's checks that apply to it, then its own `errors`. */
export function routeRefusals(route: Route): readonly ErrorCode[] {
  const fromRouter = routerChecks.filter((check) => check.appliesTo(route)).flatMap((check) => check.codes);
  return [...new Set([...fromRouter, ...route.errors])];
}
