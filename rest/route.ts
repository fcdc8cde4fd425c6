import type { Context } from 'koa';
import type { z } from 'zod';
import type { Principal } from '../server/auth/Principal.js';
import type { Scope } from '../server/auth/scopes.js';
import type { ErrorCode } from '../server/errors.js';
import type { RawBody, RawBodySpec } from './rawBody.js';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler receives: validated input and the caller. */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  principal: Principal;
  /** The body as bytes, on operations with a `rawBody`; undefined elsewhere. */
  raw?: RawBody | undefined;
  /** The Koa context, for headers; handlers set no status or body on it. */
  ctx: Context;
}

/**
 * One API operation: its address, scope, schemas and handler. The same object mounts the
 * route, validates requests and responses, and feeds the OpenAPI document.
 */
export interface RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType | null> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template under `/v1`, e.g. `/boards/{boardId}/items`. */
  path: string;
  /** OpenAPI tag: the SPEC group. */
  tag: string;
  summary: string;
  description?: string;
  /** The scope a credential must hold. */
  scope: Scope;
  params?: P;
  query?: Q;
  body?: B;
  /** A request body that `body` accepts, shown in OpenAPI (every operation with a body has one; a test parses it). */
  bodyExample?: z.input<B>;
  /** Largest JSON body this operation accepts, in bytes, when it differs from the API's (default 1 MiB); larger is 413 `payload_too_large`. */
  maxBodyBytes?: number;
  /** The body is bytes of these media types (an upload), read into `raw`, instead of JSON (`body`). */
  rawBody?: RawBodySpec;
  /** The success answer is bytes (a `BinaryReply`), not JSON: its media types and headers for OpenAPI; `response` is then null. */
  binaryResponse?: BinaryResponseSpec;
  /** Success status; default 200 (204 when `response` is null). */
  status?: number;
  /** Response body schema; null for 204 No Content. */
  response: R;
  /**
   * The handler builds its answer to `response` field by field (item views are written out by
   * `toItemView`, declared fields only), so with response checks off (`checkResponses`: production)
   * the answer is sent as built instead of being copied through the schema on every call (a batch's
   * hundred item views cost more to parse than to build). With checks on (development and every
   * test) it is parsed and undeclared fields refused like any other. Default false.
   */
  answerBuiltToSchema?: boolean;
  /** Error codes the handler may answer; those of the router's own checks are added from `routerChecks`. */
  errors?: readonly ErrorCode[];
  /** Other success answers the handler may give as a `Reply` (e.g. 202 with a job), by status. */
  otherResponses?: Readonly<Record<number, OtherResponse>>;
  /**
   * The operation's one write is a transaction on the document of the `{boardId}` board, so a
   * write receipt in that document tells whether a retry cut off by a crash was applied (see
   * `IdempotencyService`). Default false: such a retry is refused as in doubt.
   */
  boardDocumentWrite?: boolean;
  handler: (
    input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>,
  ) => Promise<(R extends z.ZodType ? z.input<R> | AfterSync<z.input<R>> : void) | Reply | BinaryReply>;
}

/** A success answer of bytes, documented for OpenAPI. */
export interface BinaryResponseSpec {
  readonly description: string;
  readonly mediaTypes: readonly string[];
  /** Response headers, name -> description. */
  readonly headers: Readonly<Record<string, string>>;
}

/** A handler's answer of bytes (route's `binaryResponse`): sent as they are, 304 when the request's `If-None-Match` has its `ETag`. */
export class BinaryReply {
  readonly contentType: string;
  readonly data: Buffer;
  readonly headers: Readonly<Record<string, string>>;

  constructor(contentType: string, data: Buffer, headers: Record<string, string> = {}) {
    this.contentType = contentType;
    this.data = data;
    this.headers = headers;
  }
}

/** A documented success answer besides the route's usual one. */
export interface OtherResponse {
  readonly description: string;
  readonly schema: z.ZodType;
  /** Response headers, name -> description (e.g. `Location`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A handler's answer with a status other than the route's usual one (declared in `otherResponses`), and headers. */
export class Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/**
 * A handler's answer to a write whose fsync is still running (`synced`): the router serialises
 * `body` to the bytes it sends while the disk works and sends them only once `synced` resolves (a
 * failed fsync answers with the error instead), so the encoding of a large answer is not added to
 * the write's wait.
 */
export class AfterSync<T = unknown> {
  readonly body: T;
  readonly synced: Promise<void>;

  constructor(body: T, synced: Promise<void>) {
    this.body = body;
    this.synced = synced;
  }
}

/** A route with its types erased, as the router and the OpenAPI generator see it. */
export interface Route {
  operationId: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  scope: Scope;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyExample?: unknown;
  maxBodyBytes?: number;
  rawBody?: RawBodySpec;
  binaryResponse?: BinaryResponseSpec;
  status: number;
  response: z.ZodType | null;
  answerBuiltToSchema: boolean;
  errors: readonly ErrorCode[];
  otherResponses: Readonly<Record<number, OtherResponse>>;
  boardDocumentWrite: boolean;
  handler: (input: RouteInput<unknown, unknown, unknown>) => Promise<unknown>;
}

/** Declares an operation; type-checks the handler against the schemas. */
export function defineRoute<
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  Q extends z.ZodType = z.ZodType<Record<string, never>>,
  B extends z.ZodType = z.ZodType<undefined>,
  R extends z.ZodType | null = null,
>(spec: RouteSpec<P, Q, B, R>): Route {
  return {
    ...spec,
    status: spec.status ?? (spec.response === null ? 204 : 200),
    errors: spec.errors ?? [],
    otherResponses: spec.otherResponses ?? {},
    boardDocumentWrite: spec.boardDocumentWrite ?? false,
    answerBuiltToSchema: spec.answerBuiltToSchema ?? false,
    handler: spec.handler as Route['handler'],
  } as Route;
}
