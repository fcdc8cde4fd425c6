import { z } from 'zod';
import { scopeCatalogue } from '../server/auth/scopes.js';
import type { ErrorCode } from '../server/errors.js';
import { errorCatalogue } from '../server/errors.js';
import { errorStatus } from './errorStatus.js';
import type { Route } from './route.js';

/** The contract version (SPEC "Versioning"). */
export const apiVersion = '2026-10-01';

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
  delete out.$schema;
  return out;
}

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

const commonErrors: readonly ErrorCode[] = ['unauthorized', 'insufficient_scope', 'rate_limited', 'internal_error'];

function errorResponses(route: Route): Record<string, JsonObject> {
  const codes = [...new Set([...commonErrors, ...route.errors, ...(route.body || route.query || route.params ? (['validation_failed'] as const) : [])])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  const out: Record<string, JsonObject> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: list.map((c) => `\`${c}\`: ${errorCatalogue[c]}`).join(' '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } } } : {}),
    };
  }
  return out;
}

/** The OpenAPI 3.1 document of the API, generated from the routes' own schemas. */
export function buildOpenApi(routes: readonly Route[], publicUrl: string): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const operation: JsonObject = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      security: [{ bearerAuth: [route.scope] }, { oauth2: [route.scope] }],
      'x-required-scope': route.scope,
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }
        : {}),
      responses: {
        [String(route.status)]:
          route.response === null
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
      },
    };
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  const scopes = Object.fromEntries(Object.entries(scopeCatalogue));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Boards API',
      version: apiVersion,
      description: 'Collaborative whiteboards whose boards are Yjs documents. Authenticate with an API key or an OAuth access token as `Authorization: Bearer <token>`.',
    },
    servers: [{ url: `${publicUrl}/v1` }],
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
        ErrorEnvelope: {
          type: 'object',
          required: ['error', 'requestId'],
          properties: {
            error: {
              type: 'object',
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
            requestId: { type: 'string', pattern: '^req_[0-9a-f]+$' },
          },
        },
      },
    },
  };
}
