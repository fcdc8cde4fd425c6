import { z } from 'zod';
import { createItemBodySchema } from '../../crdt/index.js';
import { importChunkBytes, importChunkItems, maxImportBodyBytes, maxImportItems } from '../../server/jobs/ImportService.js';
import type { Services } from '../../server/Services.js';
import { withThousandsCommas } from '../../server/thousands.js';
import { Reply, defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { jobSchema } from '../schemas/ai.js';
import { idParam, jsonObject } from '../schemas/common.js';

const tag = 'Items';
const mib = maxImportBodyBytes / (1024 * 1024);
const chunk = `up to ${withThousandsCommas(importChunkItems)} items and ${importChunkBytes / 1024} KiB of items`;

/** What an import job reports as its `result`, from the moment it is accepted. */
const importProgressSchema = z
  .object({
    total: z.number().int().describe('Items in the import.'),
    applied: z.number().int().describe(`Items stored so far: whole chunks (${chunk} each), each durable before it is counted.`),
    itemIds: z.array(z.string()).describe('The ids of the items created so far, in the order of `items`.'),
  })
  .meta({ id: 'ImportProgress' });

/** An import job: a job whose `result` is its progress. */
const importJobSchema = jobSchema
  .extend({
    kind: z.string().describe('`items.import`.'),
    result: importProgressSchema,
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .describe(
        'Why the import stopped: an API error code (`validation_failed` when the board changed under a chunk so that it no longer fits), or `interrupted` when the server stopped and the import could not resume (accepted more than 24 hours before the restart, or its starter left the workspace); the message says how many items were imported, as `result.applied` does, so a retry sends `items` from that index.',
      ),
  })
  .meta({ id: 'ImportJob' });

/**
 * An item of an import as the route reads it: a JSON object. `ImportService.start` checks each
 * one whole, as a batch's create (envelope, the type's data, sizes), naming `items[k].<field>`;
 * a schema here would only check the envelope of a thousand items a second time. Documented as
 * the create body it must be.
 */
function importItemSchema(): z.ZodType<Record<string, unknown>> {
  const schema = jsonObject();
  const { $schema: _dialect, ...createBody } = z.toJSONSchema(createItemBodySchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  schema._zod.toJSONSchema = () => createBody;
  return schema;
}

/** The body of `POST /boards/{boardId}/imports`. */
const importBody = z
  .object({
    items: z
      .array(importItemSchema())
      .min(1)
      .max(maxImportItems)
      .describe(`1 to ${maxImportItems} items, each as the body of POST /boards/{boardId}/items; created in this order.`),
  })
  .strict()
  .meta({ id: 'ImportRequest' });

/** The services the import operations use. */
export type ImportRouteServices = Pick<Services, 'imports'>;

/** Bulk imports of items: a validated list applied by a job in large transactions. */
export function importRoutes(services: ImportRouteServices): Route[] {
  const { imports } = services;
  return [
    defineRoute({
      operationId: 'importItems',
      method: 'POST',
      path: '/boards/{boardId}/imports',
      tag,
      summary: `Imports up to ${maxImportItems} items: validated whole, then applied by a job in chunks of ${chunk}.`,
      description: [
        `Editors and above. Every item is validated first, against the board as it is, by the checks of POST /boards/{boardId}/items:batch: one bad item is 422 naming \`items[k].<field>\` and nothing is stored; an import the board's item cap (GET /me/limits) cannot hold is 402 and nothing is stored.`,
        `Then 202 with a job (\`Location\`: GET /boards/{boardId}/imports/{jobId}) that creates the items in order, in chunks of ${chunk} (the cap of 100 operations is a batch's; an import is validated whole first): each chunk is one transaction, one update, one broadcast to connected clients and one activity row, as a batch, and is durably stored before \`result.applied\` counts it, so live clients see the items chunk by chunk.`,
        `If the server stops or crashes during the import, the job resumes by itself when it starts again, after its last chunk that landed (read from the board itself): no chunk is applied twice, and \`result.itemIds\` keeps the ids each item was given. One that cannot resume ends \`failed\` with error \`interrupted\` and \`result.applied\`; the rest is \`items.slice(applied)\`.`,
        `The body may be up to ${mib} MiB (413 \`payload_too_large\` beyond). Send \`Idempotency-Key\` to retry safely: the same key answers with the same job.`,
      ].join(' '),
      scope: 'boards:write',
      params: z.object({ boardId: idParam }),
      body: importBody,
      maxBodyBytes: maxImportBodyBytes,
      bodyExample: {
        items: [
          { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'First', color: '#fff9b1' } },
          { type: 'text', position: { x: 300, y: 0 }, data: { text: 'Second' } },
        ],
      },
      status: 202,
      response: importJobSchema,
      errors: ['not_found', 'forbidden', 'payment_required', 'payload_too_large', 'trashed', 'validation_failed'],
      handler: async ({ principal, params, body, ctx }) => {
        const job = await imports.start(principal, params.boardId, body.items);
        ctx.set('Location', `/v1/boards/${params.boardId}/imports/${job.id}`);
        return job;
      },
    }),
    defineRoute({
      operationId: 'getImport',
      method: 'GET',
      path: '/boards/{boardId}/imports/{jobId}',
      tag,
      summary: 'An import job: its status and progress (`result.applied` of `result.total`, the created ids).',
      description: 'Only the person who started the import sees it (404 for anyone else).',
      scope: 'boards:read',
      params: z.object({ boardId: idParam, jobId: idParam }),
      response: importJobSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => imports.get(principal, params.boardId, params.jobId),
    }),
    defineRoute({
      operationId: 'cancelImport',
      method: 'POST',
      path: '/boards/{boardId}/imports/{jobId}/cancel',
      tag,
      summary: 'Cancel an import: it stops between two chunks and keeps the items that landed.',
      description:
        'Only the person who started the import may cancel it (404 for anyone else), with `boards:write` (POST /jobs/{jobId}/cancel does the same with `ai:write`). A queued import never runs; a running one stops before its next chunk (a chunk is one transaction: never half-applied) and is never resumed. It ends `canceled` (error `cancelled`), `result.applied` and `result.itemIds` naming the items that landed. 202 with the job as GET shows it (still `running` while another process hears the cancel); 200 when it had already ended cancelled; 409 `job_finished` for an import that already ended otherwise, left as it is; 409 `trashed` on a board in trash (cancel it there through POST /jobs/{jobId}/cancel).',
      scope: 'boards:write',
      params: z.object({ boardId: idParam, jobId: idParam }),
      response: importJobSchema,
      otherResponses: { 202: { description: 'The cancel was taken: the import as it is now.', schema: importJobSchema } },
      errors: ['not_found', 'job_finished', 'trashed'],
      handler: async ({ principal, params }) => {
        const { already, job } = await imports.cancel(principal, params.boardId, params.jobId);
        return already ? job : new Reply(202, job);
      },
    }),
  ];
}
