import { z } from 'zod';
import type { Services } from '../../server/Services.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { BoardViews } from '../schemas/boardViews.js';
import { boardSchema } from '../schemas/boards.js';
import { idParam, timestamp } from '../schemas/common.js';

const boardParams = z.object({ boardId: idParam });


/** The services the board content operations (and the board views they build) use: all a route factory receives. */
export type BoardContentRouteServices = Pick<Services, 'content' | 'hub' | 'access' | 'accounts' | 'config'>;

/** Board views (outline, structure), duplication and presence (SPEC Boards and Collaboration). */
export function boardContentRoutes(services: BoardContentRouteServices): Route[] {
  const { content, hub, access } = services;
  const views = new BoardViews(services);
  return [
    defineRoute({
      operationId: 'getBoardOutline',
      method: 'GET',
      path: '/boards/{boardId}/outline',
      tag: 'Boards',
      summary: 'The board as text: sections with items in reading order, standalone items, and connections between items.',
      description: 'Each item is a line `- <type> [<id>] <text>`, each section `Section: <title> [<id>]`; a locked item or section has `(locked)` after its id (it refuses changes with 423 `item_locked` until it is unlocked).',
      scope: 'boards:read',
      params: boardParams,
      response: z.object({ boardId: z.string(), title: z.string(), outline: z.string() }),
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        const { board, text } = await content.outline(principal, params.boardId);
        return { boardId: board.id, title: board.title, outline: text };
      },
    }),
    defineRoute({
      operationId: 'getBoardStructure',
      method: 'GET',
      path: '/boards/{boardId}/structure',
      tag: 'Boards',
      summary: 'The machine view behind the outline: sections (nested) with their items, standalone items, connections.',
      scope: 'boards:read',
      params: boardParams,
      response: z.object({
        boardId: z.string(),
        title: z.string(),
        sections: z.array(z.unknown()),
        standalone: z.array(z.unknown()),
        connections: z.array(z.unknown()),
      }),
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        const { board, structure } = await content.structure(principal, params.boardId);
        return { boardId: board.id, title: board.title, ...structure } as never;
      },
    }),
    defineRoute({
      operationId: 'duplicateBoard',
      method: 'POST',
      path: '/boards/{boardId}/duplicate',
      tag: 'Boards',
      summary: 'A copy titled `Copy_` + the original title, in the same space, with the whole board document.',
      description: 'The caller owns the copy. Images and embeds are referenced by URL in item data, so the copy refers to the same assets.',
      scope: 'boards:write',
      params: boardParams,
      status: 201,
      response: boardSchema,
      errors: ['not_found', 'forbidden', 'payment_required'],
      handler: async ({ principal, params }) => views.board(await content.duplicate(principal, params.boardId)),
    }),
    defineRoute({
      operationId: 'getBoardPresence',
      method: 'GET',
      path: '/boards/{boardId}/presence',
      tag: 'Collaboration',
      summary: 'Who has the board open now, from live connections and their server-side identity.',
      scope: 'boards:read',
      params: boardParams,
      response: z.object({
        data: z.array(
          z.object({
            user: z.object({ id: z.string(), name: z.string() }),
            guest: z.boolean().describe('True for people on a public link.'),
            clientIds: z.array(z.number().int()).describe('Awareness client ids of their connections.'),
            connectedAt: timestamp,
          }),
        ),
      }),
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        await access.requireBoard(principal.user.id, params.boardId, 'read');
        const entries = await hub.presenceAcrossProcesses(params.boardId);
        const people = await services.accounts.getUsers(entries.map((e) => e.userId));
        return {
          data: entries.map((e) => ({
            user: { id: e.userId, name: people.get(e.userId)?.name ?? e.name ?? 'Guest' },
            guest: e.userId.startsWith('link:'),
            clientIds: e.clientIds,
            connectedAt: e.connectedAt,
          })),
        };
      },
    }),
  ];
}
