import { z } from 'zod';

/** An ISO 8601 timestamp in UTC. */
export const timestamp = z.iso.datetime().describe('ISO 8601 timestamp (UTC).');

/** Epoch milliseconds to an ISO timestamp. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Epoch milliseconds or null to an ISO timestamp or null. */
export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}

/** An opaque id path parameter. */
export const idParam = z.string().min(1).max(100);

/** `?limit=&cursor=` of every list (default page size 20, at most 100). */
export const pageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .describe('Page size: 1 to 100, default 20.'),
  cursor: z.string().min(1).max(500).optional().describe('The `nextCursor` of the previous page.'),
});

/** A page of a list. */
export function pageOf<T extends z.ZodType>(item: T) {
  const page = z.object({
    data: z.array(item),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
  });
  // A page of a named resource is named too (`BoardPage`), so generated clients get a type for it.
  const id = z.globalRegistry.get(item)?.id;
  return id === undefined ? page : page.meta({ id: `${id}Page`, description: `A page of ${id} resources.` });
}

/** A query flag `true` / `false`. */
export const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/**
 * A JSON object with any fields (`{ [key: string]: unknown }`), for item data and batch
 * operations checked field by field further in. It validates as a loose object, about a third
 * of the work of `z.record(z.string(), z.unknown())` (which runs a key schema and a value schema
 * per field, a batch of 100 moves and the 100 items it answers with each pass a record through
 * it), and documents itself in OpenAPI exactly as that record does.
 */
export function jsonObject(description?: string): z.ZodType<Record<string, unknown>> {
  const schema = z.looseObject({});
  // The description goes into the JSON Schema here: `.describe()` would make a copy without this override.
  schema._zod.toJSONSchema = () => ({
    type: 'object',
    propertyNames: { type: 'string' },
    additionalProperties: {},
    ...(description === undefined ? {} : { description }),
  });
  return schema;
}
