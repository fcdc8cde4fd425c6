import { z } from 'zod';
import { scopeCatalogue } from '../server/auth/scopes.js';
import type { ErrorCode } from '../server/errors.js';
import { errorCatalogue } from '../server/errors.js';
import { errorStatus } from './errorStatus.js';
import { idempotencyKeyHeader, idempotentKeyMethods, maxIdempotencyKeyLength, replayedHeader } from './idempotencyKey.js';
import type { BinaryResponseSpec, Route } from './route.js';
import { routeRefusals } from './routeRefusals.js';
import { batchOperationSchemas } from './schemas/items.js';

/** The contract version, `info.version` of the OpenAPI document. */
export const apiVersion = '2026-10-01';

type JsonObject = Record<string, unknown>;

/**
 * Collects the named schemas (zod schemas with `.meta({ id })`) into `components.schemas`, so
 * code generators produce named types. A name whose request form differs from its response
 * form gets the request form as `<Name>Input`.
 */
class Components {
  readonly schemas: Record<string, JsonObject> = {};

  /** The JSON Schema of `schema`; its named parts become `$ref`s into the components. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
    const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
    delete out.$schema;
    const defs = (out.$defs ?? {}) as Record<string, JsonObject>;
    delete out.$defs;
    const names = new Map<string, string>();
    for (const [name, def] of Object.entries(defs)) {
      const existing = this.schemas[name];
      names.set(name, existing === undefined || sameJson(existing, rewriteRefs(def, names)) || io === 'output' ? name : `${name}Input`);
    }
    for (const [name, def] of Object.entries(defs)) {
      const target = names.get(name) ?? name;
      const rewritten = rewriteRefs(def, names) as JsonObject;
      const existing = this.schemas[target];
      if (existing !== undefined && !sameJson(existing, rewritten)) {
        throw new TypeError(`Two different schemas are both named ${target}; give one of them another id.`);
      }
      this.schemas[target] = rewritten;
    }
    return rewriteRefs(out, names) as JsonObject;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function rewriteRefs(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, names));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
      const name = v.slice('#/$defs/'.length);
      out[key] = `#/components/schemas/${names.get(name) ?? name}`;
    } else {
      out[key] = rewriteRefs(v, names);
    }
  }
  return out;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  return new Components().convert(schema, io);
}

/** What each group of operations is for (the OpenAPI `tags`, in this order). */
const tagDescriptions: Record<string, string> = {
  Me: 'The caller: profile, workspace, plan, limits and notifications.',
  Spaces: 'Spaces group boards; members of a space are members of its boards.',
  Boards: 'Boards: create, list, change, trash and restore; their activity.',
  Items: 'The items on a board (notes, shapes, text, frames, connectors, comments): one at a time or in batches of up to 100.',
  'Item types': 'The item-type catalogue: each type\'s data schema, an example, and the types it converts to.',
  Members: 'Who may open a board and with which role; public links.',
  Collaboration: 'Board views for integrations (outline, structure), presence, and chat.',
  Search: 'Search over the boards and items the caller can read.',
  Assets: 'Images uploaded to a board, which image items show through `data.assetId`.',
};

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query'): JsonObject[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function errorResponses(route: Route): Record<string, JsonObject> {
  const codes = routeRefusals(route);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  const out: Record<string, JsonObject> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: list.map((c) => `\`${c}\`: ${errorCatalogue[c]}`).join(' '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      ...(status === 429 || list.includes('idempotency_key_in_use') ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } } } : {}),
      ...(status === 503
        ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait; sent while the server starts or stops (a rolling restart).' } } }
        : {}),
    };
  }
  return out;
}

const idempotencyKeyParameter: JsonObject = {
  name: idempotencyKeyHeader,
  in: 'header',
  required: false,
  description:
    'A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries".',
  schema: { type: 'string', minLength: 1, maxLength: maxIdempotencyKeyLength, pattern: '^[\\x20-\\x7E]+$' },
};

/** On operations that honour `Idempotency-Key`: every answer a key can replay (success and 4xx) documents `Idempotent-Replayed`. */
function withReplayedHeader(route: Route, responses: Record<string, JsonObject>): Record<string, JsonObject> {
  if (!idempotentKeyMethods.has(route.method)) return responses;
  const replayed = { description: '`true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed.', schema: { type: 'string', enum: ['true'] } };
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const code = Number(status);
      if (code >= 500 || code === 401 || code === 403 || code === 429) return [status, response];
      return [status, { ...response, headers: { ...(response.headers as JsonObject | undefined), [replayedHeader]: replayed } }];
    }),
  );
}

/** A success answer of bytes: each media type as a binary string, with its headers. */
function binaryResponse(spec: BinaryResponseSpec): JsonObject {
  return {
    description: spec.description,
    content: Object.fromEntries(spec.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    headers: Object.fromEntries(Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])),
  };
}

/** The OpenAPI 3.1 document of the API, generated from the routes' own schemas. */
export function buildOpenApi(routes: readonly Route[], publicUrl: string): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const components = new Components();
  const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => components.convert(schema, io);
  // Named only through the batch body's `items` override: register them here.
  for (const schema of batchOperationSchemas) components.convert(schema, 'input');
  for (const route of routes) {
    const operation: JsonObject = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      security: [{ bearerAuth: [route.scope] }, { oauth2: [route.scope] }],
      'x-required-scope': route.scope,
      parameters: [
        ...parameters(route.params, 'path'),
        ...parameters(route.query, 'query'),
        ...(idempotentKeyMethods.has(route.method) ? [idempotencyKeyParameter] : []),
      ],
      ...(route.rawBody
        ? {
            requestBody: {
              required: true,
              description: route.rawBody.description,
              content: Object.fromEntries(route.rawBody.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary', maxLength: route.rawBody?.maxBytes } }])),
            },
          }
        : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: jsonSchema(route.body, 'input'),
                  ...(route.bodyExample !== undefined ? { example: route.bodyExample } : {}),
                },
              },
            },
          }
        : {}),
      responses: withReplayedHeader(route, {
        [String(route.status)]: route.binaryResponse
          ? binaryResponse(route.binaryResponse)
          : route.response === null
            ? { description: 'No content.' }
            : { description: 'Success.', content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } },
        ...Object.fromEntries(
          Object.entries(route.otherResponses).map(([status, other]) => [
            status,
            {
              description: other.description,
              content: { 'application/json': { schema: jsonSchema(other.schema, 'output') } },
              ...(other.headers ? { headers: Object.fromEntries(Object.entries(other.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) } : {}),
            },
          ]),
        ),
        ...errorResponses(route),
      }),
    };
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  const scopes = Object.fromEntries(Object.entries(scopeCatalogue));
  const used = [...new Set(routes.map((route) => route.tag))];
  const ordered = [...Object.keys(tagDescriptions).filter((tag) => used.includes(tag)), ...used.filter((tag) => !(tag in tagDescriptions))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Boards API',
      version: apiVersion,
      description: 'Collaborative whiteboards whose boards are Yjs documents. Authenticate with an API key or an OAuth access token as `Authorization: Bearer <token>`.',
    },
    servers: [{ url: `${publicUrl}/v1` }],
    tags: ordered.map((name) => ({ name, description: tagDescriptions[name] ?? `Operations of the ${name} group.` })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (`bds_ak_…`) or an OAuth access token (`bds_at_…`).' },
        oauth2: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${publicUrl}/oauth/`,
              tokenUrl: `${publicUrl}/oauth/token`,
              refreshUrl: `${publicUrl}/oauth/token`,
              scopes,
            },
          },
        },
      },
      schemas: {
        ...components.schemas,
        ErrorEnvelope: {
          type: 'object',
          description: 'Every error answer: the error and the id of the request (also in the `Request-Id` header).',
          required: ['error', 'requestId'],
          properties: {
            error: { $ref: '#/components/schemas/Error' },
            requestId: { type: 'string', pattern: '^req_[0-9a-f]+$' },
          },
        },
        Error: {
              type: 'object',
              description: 'What went wrong: a stable code, a message for people, and the page documenting the code.',
              required: ['code', 'message', 'docsUrl'],
              properties: {
                code: { type: 'string', enum: Object.keys(errorCatalogue) },
                message: { type: 'string' },
                docsUrl: { type: 'string', format: 'uri' },
                field: { type: 'string', description: 'For validation_failed: the first wrong field.' },
                issues: {
                  type: 'array',
                  items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
                },
              },
        },
      },
    },
  };
}
