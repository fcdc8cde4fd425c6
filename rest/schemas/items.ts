import { z } from 'zod';

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
  data: z.record(z.string(), z.unknown()).describe('Type-specific fields; see GET /item-types/{type}.'),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

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
});

/** The body of `items:batch`; each operation is validated by the item catalogue (errors name `operations[i].<field>`). */
export const batchBody = z
  .object({
    operations: z
      .array(z.record(z.string(), z.unknown()))
      .describe(
        'Up to 100 operations: `{op:"create", ref?, type, position, size?, rotation?, data}`, `{op:"move", id, position}`, `{op:"resize", id, size, position?}`, `{op:"delete", id}`. `id` may name the `ref` of an earlier create; a connector\'s `from`/`to` may name any create\'s `ref`.',
      ),
  })
  .strict();

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
});
