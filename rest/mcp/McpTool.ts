import type { Scope } from '../../server/auth/scopes.js';
import type { Route } from '../route.js';

/** What a tool tells a client about its effects (MCP tool annotations). */
export interface McpToolAnnotations {
  /** Changes nothing (a read). */
  readonly readOnlyHint: boolean;
  /** May overwrite or remove what exists (only meaningful when not read-only). */
  readonly destructiveHint: boolean;
  /** Calling it again with the same arguments changes nothing more. */
  readonly idempotentHint: boolean;
  /** Reaches nothing outside the service. */
  readonly openWorldHint: false;
}

/**
 * One MCP tool as the catalogue declares it: a model-facing name and description over the REST
 * operation it mirrors (`operationId`), whose scope, schemas, handler and refusals it shares.
 */
export interface McpToolSpec {
  /** snake_case, what a model calls. */
  readonly name: string;
  readonly title: string;
  /** What it does and when to use it; the operation's summary is appended. */
  readonly description: string;
  /** The `/v1` operation it runs. */
  readonly operationId: string;
  readonly annotations: McpToolAnnotations;
  /** Body fields the tool fixes (e.g. `type: "comment"`): left out of its input, always sent. */
  readonly preset?: Readonly<Record<string, unknown>>;
  /** Only these body fields are offered (default: all of them). */
  readonly bodyFields?: readonly string[];
}

/** A JSON Schema object (tool input schemas). */
export type JsonSchema = Record<string, unknown> & { type: 'object'; properties: Record<string, object>; required?: string[] };

/** A catalogue entry bound to its route: what `tools/list` shows and `tools/call` runs. */
export interface McpTool {
  readonly spec: McpToolSpec;
  readonly route: Route;
  readonly scope: Scope;
  readonly inputSchema: JsonSchema;
  /** Which argument names go to the path, the query and the body of the operation. */
  readonly paramKeys: readonly string[];
  readonly queryKeys: readonly string[];
  /** True when the whole body is one `body` argument (a body that is not a plain object). */
  readonly wrappedBody: boolean;
}

/** Annotations of a read. */
export const readTool: McpToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Annotations of a write that adds (each call adds again). */
export const addTool: McpToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** Annotations of a write that changes or removes what exists, the same way each time. */
export const changeTool: McpToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
/** Annotations of a write that may change or remove what exists, and add again when repeated. */
export const mixedTool: McpToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };
