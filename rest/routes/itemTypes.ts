import { z } from 'zod';
import { getItemType, listItemTypes, validateCreateItem } from '../../crdt/index.js';
import type { ItemTypeInfo } from '../../crdt/index.js';
import { ValidationError } from '../../server/errors.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { itemTypeSchema } from '../schemas/items.js';

const tag = 'Items';
const typeParams = z.object({ type: z.string().min(1).max(64) });

function typeView(t: ItemTypeInfo): z.input<typeof itemTypeSchema> {
  return { ...t, example: { ...t.example }, convertsTo: [...t.convertsTo], textFields: [...t.textFields], contentFields: [...t.contentFields] };
}

/** The item-type catalogue (SPEC Items: item types and validation). */
export function itemTypeRoutes(): Route[] {
  return [
    defineRoute({
      operationId: 'listItemTypes',
      method: 'GET',
      path: '/item-types',
      tag,
      summary: 'Catalogue of every item type.',
      scope: 'boards:read',
      response: z.object({ data: z.array(itemTypeSchema) }),
      handler: async () => ({ data: listItemTypes().map(typeView) }),
    }),
    defineRoute({
      operationId: 'getItemType',
      method: 'GET',
      path: '/item-types/{type}',
      tag,
      summary: 'One type: the JSON schema of its data, an example create body, and the types it converts to.',
      scope: 'boards:read',
      params: typeParams,
      response: itemTypeSchema,
      errors: ['not_found'],
      handler: async ({ params }) => typeView(getItemType(params.type)),
    }),
    defineRoute({
      operationId: 'validateItem',
      method: 'POST',
      path: '/item-types/{type}:validate',
      tag,
      summary: 'Runs the validation a create would: 200 with the normalised item, or 422 naming the wrong field.',
      description: 'The body is a create-item body; `type` may be omitted (the path names it) and must match the path when given.',
      scope: 'boards:read',
      params: typeParams,
      body: z.record(z.string(), z.unknown()),
      bodyExample: { position: { x: 120, y: 80 }, data: { text: 'Ship the beta on Friday', color: '#fff9b1' } },
      response: z.object({
        valid: z.literal(true),
        item: z.object({
          type: z.string(),
          position: z.object({ x: z.number(), y: z.number() }),
          size: z.object({ width: z.number(), height: z.number() }),
          rotation: z.number(),
          data: z.record(z.string(), z.unknown()),
        }),
      }),
      errors: ['not_found'],
      handler: async ({ params, body }) => {
        getItemType(params.type);
        if (body.type !== undefined && body.type !== params.type) {
          throw new ValidationError([{ field: 'type', message: `must be ${params.type} (the type in the path)` }]);
        }
        const item = validateCreateItem({ ...body, type: params.type });
        return {
          valid: true as const,
          item: { type: item.type, position: item.position, size: item.size, rotation: item.rotation, data: { ...item.data } },
        };
      },
    }),
  ];
}
