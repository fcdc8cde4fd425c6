import { z } from 'zod';
import { jsonObject } from './common.js';

const point = z.object({ x: z.number(), y: z.number() });
const size = z.object({ width: z.number(), height: z.number() });

/** An item as the API returns it (SPEC Items: geometry, placement, data decoded per type). */
export const itemSchema = z.object({
  id: z.string(),
  type: z.string(),
  position: point.describe('Centre of the item, in board units.'),
  size,
  rotation: z.number().describe('Degrees, in [0, 360).'),
  z: z.string().describe('Fractional index: items sort by it, back to front.'),
  sectionId: z.string().nullable().describe('The top-most section containing the item\'s centre; derived, never stored.'),
  data: jsonObject('Type-specific fields; see GET /item-types/{type}.'),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  locked: z.boolean().describe('A locked item refuses moves, resizes, edits and deletes (423 `item_locked`) until it is unlocked with PATCH `{"locked": false}`; comments on it still work.'),
}).meta({ id: 'Item', description: "An item on a board: geometry, z order, derived section, and its type's data." });

/** An item type from the catalogue. */
export const itemTypeSchema = z.object({
  type: z.string(),
  title: z.string(),
  description: z.string(),
  dataSchema: z.record(z.string(), z.unknown()).describe('JSON Schema (2020-12) that item data is validated against.'),
  example: z.record(z.string(), z.unknown()).describe('A complete create-item body that POST /boards/{boardId}/items accepts as it is.'),
  convertsTo: z.array(z.string()),
  defaultSize: size,
  minSize: size,
  maxSize: size,
  textFields: z.array(z.string()),
  contentFields: z
    .array(z.string())
    .describe('Data fields that hold what the item says (text, titles, list entries, urls). Converting an item carries only these into the new item; every other field is style (colours, alignment, shape kind, font size) and never moves.'),
}).meta({ id: 'ItemType', description: 'An item type of the catalogue.' });

const opPoint = point.describe('Centre of the item, in board units.');
const opSize = size.describe('Width and height, in board units.');
const itemRef = z.string().describe('An item id, or the `ref` of an earlier create in the same batch.');

/** A create operation of a batch. */
export const batchCreateOperation = z
  .object({
    op: z.literal('create'),
    ref: z.string().optional().describe('A name (1 to 64 letters, digits, _ or -) later operations and connectors may use for the new item.'),
    type: z.string().describe('An item type; see GET /item-types.'),
    position: opPoint,
    size: opSize.optional(),
    rotation: z.number().optional().describe('Degrees clockwise.'),
    data: jsonObject("The type's fields; a connector's `from`/`to` may name a `ref`.").optional(),
    locked: z.boolean().optional().describe('`true` creates the item locked (editor and above); the lock holds once the batch is applied (later operations of the same batch may still move, resize or delete it). Default `false`.'),
  })
  .meta({ id: 'BatchCreateOperation' });

/** A move operation of a batch. */
export const batchMoveOperation = z.object({ op: z.literal('move'), id: itemRef, position: opPoint }).meta({ id: 'BatchMoveOperation' });

/** A resize operation of a batch. */
export const batchResizeOperation = z
  .object({ op: z.literal('resize'), id: itemRef, size: opSize, position: opPoint.optional() })
  .meta({ id: 'BatchResizeOperation' });

/** A delete operation of a batch. */
export const batchDeleteOperation = z.object({ op: z.literal('delete'), id: itemRef }).meta({ id: 'BatchDeleteOperation' });

/**
 * The body of `items:batch`. The schema describes the operations for OpenAPI and client
 * generators; each operation is validated by the item catalogue, which names the field of any
 * problem as `operations[i].<field>` (so the array itself accepts any object here).
 */
export const batchBody = z
  .object({
    operations: z
      .array(jsonObject())
      .describe('Up to 100 operations, applied in order as one change: all of them or none.')
      .meta({
        items: { oneOf: ['BatchCreateOperation', 'BatchMoveOperation', 'BatchResizeOperation', 'BatchDeleteOperation'].map((id) => ({ $ref: `#/components/schemas/${id}` })) },
      }),
  })
  .strict()
  .meta({ id: 'BatchRequest' });

/** The batch operation schemas, registered with OpenAPI so `BatchRequest` can refer to them. */
export const batchOperationSchemas = [batchCreateOperation, batchMoveOperation, batchResizeOperation, batchDeleteOperation] as const;

/** The result of a batch, one entry per operation in order. */
export const batchResultSchema = z.object({
  results: z.array(
    z.object({
      op: z.enum(['create', 'move', 'resize', 'delete']),
      id: z.string(),
      ref: z.string().nullable().optional(),
      item: itemSchema.nullable().optional(),
      outcome: z.enum(['deleted', 'resolved']).optional(),
      deletedIds: z.array(z.string()).optional(),
      comment: itemSchema.nullable().optional(),
    }),
  ),
}).meta({ id: 'BatchResult', description: 'The outcome of a batch, one entry per operation in order.' });
