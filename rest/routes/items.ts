import { z } from 'zod';
import { createItemBodySchema, itemPatchSchema } from '../../crdt/index.js';
import type { Services } from '../../server/Services.js';
import { AfterSync, defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { idParam, pageOf } from '../schemas/common.js';
import { batchBody, batchResultSchema, itemSchema } from '../schemas/items.js';

const tag = 'Items';
const boardParams = z.object({ boardId: idParam });
const itemParams = z.object({ boardId: idParam, itemId: idParam });

/** The services the item operations use: all a route factory receives. */
export type ItemRouteServices = Pick<Services, 'content' | 'access'>;

/** The Items group (SPEC "Items"), except the item-type catalogue and conversion (rest/routes/ai.ts). */
export function itemRoutes(services: ItemRouteServices): Route[] {
  const { content } = services;
  return [
    defineRoute({
      operationId: 'listItems',
      method: 'GET',
      path: '/boards/{boardId}/items',
      tag,
      summary: 'Every item in z-order (back to front), flat; sections contain items by position, reported as `sectionId`.',
      scope: 'boards:read',
      params: boardParams,
      query: z.object({
        limit: z.coerce.number().int().min(1).max(1000).default(200).describe('Page size: 1 to 1000, default 200.'),
        cursor: z
          .string()
          .min(1)
          .max(500)
          .optional()
          .describe(
            'The `nextCursor` of the previous page. A page starts right after the last item of the page before in z-order, whatever changed since: nothing is skipped or repeated for items that kept their place; an item brought to the front since comes again at the end, one sent behind that point is not seen again.',
          ),
      }),
      response: pageOf(itemSchema),
      answerBuiltToSchema: true,
      errors: ['not_found'],
      handler: async ({ principal, params, query }) => content.listItems(principal, params.boardId, query),
    }),
    defineRoute({
      operationId: 'createItem',
      method: 'POST',
      path: '/boards/{boardId}/items',
      tag,
      summary: 'Create an item of any creatable type; `data` is validated against the type (GET /item-types/{type}).',
      description: 'Editors and above create any type; commenters create `comment` pins. Answers once the change is durably stored.',
      scope: 'boards:write',
      params: boardParams,
      body: createItemBodySchema,
      bodyExample: { type: 'sticky_note', position: { x: 120, y: 80 }, data: { text: 'Ship the beta on Friday', color: '#fff9b1' } },
      status: 201,
      response: itemSchema,
      answerBuiltToSchema: true,
      errors: ['not_found', 'forbidden', 'payment_required', 'payload_too_large', 'trashed'],
      boardDocumentWrite: true,
      handler: async ({ principal, params, body }) => content.createItem(principal, params.boardId, body),
    }),
    defineRoute({
      operationId: 'getItem',
      method: 'GET',
      path: '/boards/{boardId}/items/{itemId}',
      tag,
      summary: 'Geometry, placement, and data decoded per the type.',
      scope: 'boards:read',
      params: itemParams,
      response: itemSchema,
      answerBuiltToSchema: true,
      errors: ['not_found'],
      handler: async ({ principal, params }) => content.getItem(principal, params.boardId, params.itemId),
    }),
    defineRoute({
      operationId: 'patchItem',
      method: 'PATCH',
      path: '/boards/{boardId}/items/{itemId}',
      tag,
      summary: 'Move (`position`), resize (`size`), rotate, replace data (merged field by field; null removes), or reply to / resolve a comment.',
      description: "Comments: anyone who may comment (commenter and above) may `reply`, resolve (`resolved`) any thread, and change the text of their own pin (`data.text`) or move it (`position`); only a reply's author may `editReply` or `removeReply` it, and only a pin's author may change its text, whatever their role (else 403 `forbidden`). Moving, resizing or rotating someone else's pin needs editor. `position` and `size` move and resize any item except a connector: both of a connector's ends are attached to items and its geometry follows them, so `position`, `size` or `rotation` on a connector answers 422 naming that field (move an end, or give the connector new ends in `data`). Lock: `{\"locked\": true}` locks the item (editor and above); a locked item answers 423 `item_locked` (naming it in `error.itemId`) to every other change but a comment's replies and resolving, until `{\"locked\": false}` unlocks it, which may come with other changes in the same request.",
      scope: 'boards:write',
      params: itemParams,
      body: itemPatchSchema,
      bodyExample: { position: { x: 240, y: 80 }, data: { text: 'Ship the beta on Monday', color: '#fff9b1' } },
      response: itemSchema,
      answerBuiltToSchema: true,
      errors: ['not_found', 'forbidden', 'trashed', 'item_locked'],
      boardDocumentWrite: true,
      handler: async ({ principal, params, body }) =>
        content.patchItem(principal, params.boardId, params.itemId, body as Record<string, unknown>),
    }),
    defineRoute({
      operationId: 'deleteItem',
      method: 'DELETE',
      path: '/boards/{boardId}/items/{itemId}',
      tag,
      summary: 'Delete an item (connectors attached to it go with it). Deleting a comment pin resolves the comment.',
      description: 'A locked item answers 423 `item_locked`: unlock it first. Connectors attached to the deleted item go with it, locked or not.',
      scope: 'boards:write',
      params: itemParams,
      response: z.object({
        outcome: z.enum(['deleted', 'resolved']),
        deletedIds: z.array(z.string()),
        comment: itemSchema.nullable().describe('The resolved comment, when a comment pin was deleted.'),
      }),
      answerBuiltToSchema: true,
      errors: ['not_found', 'forbidden', 'trashed', 'item_locked'],
      boardDocumentWrite: true,
      handler: async ({ principal, params }) => content.deleteItem(principal, params.boardId, params.itemId),
    }),
    defineRoute({
      operationId: 'getItemText',
      method: 'GET',
      path: '/boards/{boardId}/items/{itemId}/text',
      tag,
      summary: "The item's whole content as numbered lines, paged by line.",
      scope: 'boards:read',
      params: itemParams,
      query: z.object({
        offset: z.coerce.number().int().min(0).default(0).describe('First line to return (0-based).'),
        limit: z.coerce.number().int().min(1).max(1000).default(200).describe('Lines per page: 1 to 1000, default 200.'),
      }),
      response: z.object({
        lines: z.array(z.object({ number: z.number().int(), text: z.string() })),
        totalLines: z.number().int(),
        nextOffset: z.number().int().nullable(),
      }),
      errors: ['not_found'],
      handler: async ({ principal, params, query }) => content.itemText(principal, params.boardId, params.itemId, query),
    }),
    defineRoute({
      operationId: 'batchItems',
      method: 'POST',
      path: '/boards/{boardId}/items:batch',
      tag,
      summary: 'Create, move, resize or delete up to 100 items, validated together, then drawn as one action.',
      description: 'Nothing is applied unless every operation is valid. The batch lands as one Yjs update: one broadcast to connected clients and one activity row. A `move` or `resize` of a connector is invalid (422 naming `operations[i].position` / `operations[i].size`): its geometry follows the items it joins. An operation that moves, resizes or deletes a locked item refuses the whole batch with 423 `item_locked` (`error.itemId` names the item, `error.field` the operation); nothing is applied. The exception is a section carrying its contents: a locked item moved by the same offset as a section that held its centre and that the same batch moves (not resizes) is accepted (docs/document.md, "Locked items").',
      scope: 'boards:write',
      params: boardParams,
      body: batchBody,
      bodyExample: {
        operations: [
          { op: 'create', ref: 'idea', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Idea', color: '#fff9b1' } },
          { op: 'create', ref: 'plan', type: 'sticky_note', position: { x: 400, y: 0 }, data: { text: 'Plan', color: '#d5f692' } },
          // A connector's geometry is computed from its ends: it ends up centred at (200, 100), 400 × 200.
          { op: 'create', type: 'connector', position: { x: 200, y: 100 }, data: { from: 'idea', to: 'plan' } },
          { op: 'move', id: 'plan', position: { x: 400, y: 200 } },
        ],
      },
      response: batchResultSchema,
      answerBuiltToSchema: true,
      errors: ['not_found', 'forbidden', 'payment_required', 'trashed', 'item_locked'],
      boardDocumentWrite: true,
      handler: async ({ principal, params, body }) => {
        const { result, synced } = await content.batchUnsynced(principal, params.boardId, body.operations);
        return new AfterSync({ results: result.results.map((r) => ('deletedIds' in r ? { ...r, deletedIds: [...r.deletedIds] } : r)) }, synced);
      },
    }),
  ];
}
