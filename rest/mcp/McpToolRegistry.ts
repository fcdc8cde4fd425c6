import { z } from 'zod';
import { ServiceError, ValidationError } from '../../server/errors.js';
import type { Route } from '../route.js';
import type { JsonSchema, McpTool, McpToolSpec } from './McpTool.js';

type JsonObject = Record<string, unknown>;

/**
 * The MCP tools bound to the `/v1` operations they mirror, with input JSON Schemas built from
 * the operations' own zod schemas: path parameters, query and body fields side by side as one
 * object. Throws a `TypeError` at start-up when the catalogue names an unknown operation or two
 * parts of an operation share a field name.
 */
export class McpToolRegistry {
  readonly tools: readonly McpTool[];
  private readonly byName: ReadonlyMap<string, McpTool>;

  /**
   * `namedSchemas`: schemas with a `meta({ id })` that others refer to only by OpenAPI reference
   * (`#/components/schemas/<id>`, e.g. the batch operations); a tool's schema carries them in `$defs`.
   */
  constructor(catalogue: readonly McpToolSpec[], routes: readonly Route[], namedSchemas: readonly z.ZodType[] = []) {
    const routeById = new Map(routes.map((route) => [route.operationId, route]));
    const named = new Map<string, JsonObject>();
    for (const schema of namedSchemas) {
      const { $defs, ...json } = jsonSchemaOf(schema);
      const id = z.globalRegistry.get(schema)?.id;
      if (id === undefined) throw new TypeError('A named schema needs meta({ id }).');
      named.set(id, json);
      for (const [name, def] of Object.entries(($defs as JsonObject | undefined) ?? {})) named.set(name, def as JsonObject);
    }
    this.tools = catalogue.map((spec) => {
      const route = routeById.get(spec.operationId);
      if (!route) throw new TypeError(`MCP tool ${spec.name} names an unknown operation ${spec.operationId}.`);
      return bindTool(spec, route, named);
    });
    this.byName = new Map(this.tools.map((tool) => [tool.spec.name, tool]));
  }

  /** The tool named `name`, or undefined. */
  get(name: string): McpTool | undefined {
    return this.byName.get(name);
  }

  /**
   * Splits a tool's arguments into the operation's path parameters, query and body and validates
   * each with the operation's schema; throws the same `validation_failed` as `/v1` (the field path
   * is the argument's name, e.g. `data.text`, `operations[3].position`).
   */
  parseArguments(tool: McpTool, args: Readonly<Record<string, unknown>>): { params: unknown; query: unknown; body: unknown } {
    const { route, spec } = tool;
    const rest: JsonObject = { ...args };
    const take = (keys: readonly string[]): JsonObject => {
      const out: JsonObject = {};
      for (const key of keys) {
        if (rest[key] !== undefined) out[key] = rest[key];
        delete rest[key];
      }
      return out;
    };
    const params = parsePart(route.params, take(tool.paramKeys));
    const query = parsePart(route.query, take(tool.queryKeys)) ?? {};
    if (!route.body) {
      const unknown = Object.keys(rest);
      if (unknown[0] !== undefined) throw new ValidationError([{ field: unknown[0], message: 'is not a field of this tool' }]);
      return { params, query, body: undefined };
    }
    const allowed = spec.bodyFields;
    if (allowed) {
      const extra = Object.keys(rest).find((key) => !allowed.includes(key));
      if (extra !== undefined) throw new ValidationError([{ field: extra, message: 'is not a field of this tool' }]);
    }
    const rawBody = tool.wrappedBody ? rest.body : { ...rest, ...spec.preset };
    return { params, query, body: parsePart(route.body, rawBody) };
  }
}

/** `value` parsed by `schema` (as is without one); throws `validation_failed` naming the field. */
export function parsePart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

function bindTool(spec: McpToolSpec, route: Route, named: ReadonlyMap<string, JsonObject>): McpTool {
  const defs: JsonObject = {};
  const properties: Record<string, object> = {};
  const required: string[] = [];
  const add = (part: JsonObject, keep: (key: string) => boolean): string[] => {
    Object.assign(defs, part.$defs as JsonObject | undefined);
    const names: string[] = [];
    const partRequired = new Set((part.required as string[] | undefined) ?? []);
    for (const [key, value] of Object.entries((part.properties as JsonObject | undefined) ?? {})) {
      if (!keep(key)) continue;
      if (key in properties) throw new TypeError(`MCP tool ${spec.name}: the field ${key} appears twice in ${route.operationId}.`);
      properties[key] = value as object;
      names.push(key);
      if (partRequired.has(key)) required.push(key);
    }
    return names;
  };
  const paramKeys = route.params ? add(jsonSchemaOf(route.params), () => true) : [];
  const queryKeys = route.query ? add(jsonSchemaOf(route.query), () => true) : [];
  let wrappedBody = false;
  if (route.body) {
    const body = jsonSchemaOf(route.body);
    if (body.type === 'object' && body.properties !== undefined) {
      add(body, (key) => !(spec.preset && key in spec.preset) && (spec.bodyFields?.includes(key) ?? true));
    } else {
      wrappedBody = true;
      delete body.$defs;
      properties.body = body;
      required.push('body');
    }
  }
  const inputSchema: JsonSchema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
  addReferenced(inputSchema, defs, named);
  if (Object.keys(defs).length > 0) inputSchema.$defs = defs;
  return { spec, route, scope: route.scope, inputSchema, paramKeys, queryKeys, wrappedBody };
}

/** Adds to `defs` the named schemas `schema` (and, in turn, they) refer to and `defs` lacks. */
function addReferenced(schema: JsonObject, defs: JsonObject, named: ReadonlyMap<string, JsonObject>): void {
  for (const match of JSON.stringify(schema).matchAll(/"#\/\$defs\/([^"]+)"/g)) {
    const name = match[1] ?? '';
    const def = named.get(name);
    if (name in defs || !def) continue;
    defs[name] = def;
    addReferenced(def, defs, named);
  }
}

/**
 * The input JSON Schema of `schema` as a standalone document: a top-level reference to its own
 * definition is inlined, and OpenAPI references (`#/components/schemas/<id>`) point into `$defs`.
 */
function jsonSchemaOf(schema: z.ZodType): JsonObject {
  const raw = JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }));
  const out = JSON.parse(raw.replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonObject;
  delete out.$schema;
  const ref = typeof out.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(out.$ref)?.[1] : undefined;
  const defs = out.$defs as JsonObject | undefined;
  if (ref !== undefined && defs?.[ref]) {
    const { [ref]: self, ...others } = defs;
    return { ...(self as JsonObject), ...(Object.keys(others).length > 0 ? { $defs: others } : {}) };
  }
  return out;
}

/** Thrown for a tool name no tool has. */
export function unknownTool(name: string): ServiceError {
  return new ServiceError('not_found', `No tool is named ${name.slice(0, 100)}.`);
}
