import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { Principal } from '../../server/auth/Principal.js';
import type { ErrorEnvelope } from '../envelope.js';
import { describeError } from '../middleware/errorHandler.js';
import { translateLowerLayerError } from '../lowerLayerErrors.js';
import type { Route } from '../route.js';
import { parsePart } from './McpToolRegistry.js';
import { runOperation } from './runOperation.js';
import type { OperationInput } from './runOperation.js';

/**
 * One `/mcp` HTTP request: the authenticated principal and its Koa context. Runs `/v1`
 * operations for it and turns their errors into the same envelope as `/v1`.
 */
export class McpCall {
  readonly principal: Principal;
  readonly ctx: Context;
  private readonly routes: ReadonlyMap<string, Route>;

  constructor(principal: Principal, ctx: Context, routes: ReadonlyMap<string, Route>) {
    this.principal = principal;
    this.ctx = ctx;
    this.routes = routes;
  }

  /** Runs the operation `operationId` (see `runOperation`). */
  async run(operationId: string, input: OperationInput): Promise<unknown> {
    const route = this.routes.get(operationId);
    if (!route) throw new TypeError(`No operation ${operationId}.`);
    return runOperation(route, input, this.principal, this.ctx);
  }

  /** Runs a read operation with path parameters and query as a client would send them, validated by its schemas. */
  async read(operationId: string, params: Record<string, unknown>, query: Record<string, unknown> = {}): Promise<unknown> {
    const route = this.routes.get(operationId);
    if (!route) throw new TypeError(`No operation ${operationId}.`);
    return runOperation(route, { params: parsePart(route.params, params), query: parsePart(route.query, query), body: undefined }, this.principal, this.ctx);
  }

  /** The `/v1` error envelope of `error` (5xx logged, with generic text). */
  envelope(error: unknown): ErrorEnvelope {
    const state = this.ctx.state as { publicUrl: string; requestId: string; log: Logger };
    const answer = describeError(error, translateLowerLayerError, state.log);
    return {
      error: { ...answer.details, code: answer.code, message: answer.message, docsUrl: `${state.publicUrl}/docs/errors/${answer.code}` },
      requestId: state.requestId,
    };
  }
}
