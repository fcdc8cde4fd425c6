import type { Context } from 'koa';
import type { Principal } from '../../server/auth/Principal.js';
import { requireScope } from '../../server/auth/requireScope.js';
import { ServiceError } from '../../server/errors.js';
import { serializeResponse } from '../responseSerializer.js';
import { AfterSync, Reply } from '../route.js';
import type { Route } from '../route.js';

/** The parsed input of an operation. */
export interface OperationInput {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}


/**
 * Runs a `/v1` operation's handler in process for `principal` (its scope checked first) and
 * returns its answer shaped by the response schema, once a write is durably stored: what the
 * REST response body would be. `ctx` is the HTTP request that carries the call.
 */
export async function runOperation(route: Route, input: OperationInput, principal: Principal, ctx: Context): Promise<unknown> {
  requireScope(principal, route.scope);
  const handled = await route.handler({ params: input.params, query: input.query, body: input.body, principal, ctx });
  const answer: unknown = handled instanceof AfterSync ? handled.body : handled;
  if (handled instanceof AfterSync) await handled.synced;
  const reply = answer instanceof Reply ? answer : null;
  const schema = reply ? (route.otherResponses[reply.status]?.schema ?? null) : route.response;
  const result = reply ? reply.body : answer;
  if (schema === null) return reply ? result : null;
  const serialized = serializeResponse(schema, result, { rejectUndeclared: false });
  if (!serialized.ok) throw new ServiceError('internal_error', `The answer of ${route.operationId} does not match its schema.`);
  return serialized.value;
}
