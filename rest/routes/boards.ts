import { z } from 'zod';
import type { Services } from '../../server/Services.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { activitySchema, boardSchema, createBoardBody, listBoardsQuery, patchBoardBody } from '../schemas/boards.js';
import { BoardViews } from '../schemas/boardViews.js';
import { idParam, isoOrNull, pageOf, pageQuery, timestamp } from '../schemas/common.js';

const tag = 'Boards';
const boardParams = z.object({ boardId: idParam });

/** The services the Boards group use: all a route factory receives. */
export type BoardRouteServices = Pick<Services, 'boards' | 'activity' | 'access' | 'accounts' | 'config'>;

/** The organising operations of the Boards group (SPEC "Boards"): list, create, recent, get, patch, delete, restore, activity. */
export function boardRoutes(services: BoardRouteServices): Route[] {
  const { boards, activity, access } = services;
  const views = new BoardViews(services);
  return [
    defineRoute({
      operationId: 'listBoards',
      method: 'GET',
      path: '/boards',
      tag,
      summary: "Boards the token can read: the workspace's own, shared with the person, and in spaces shared with them.",
      scope: 'boards:read',
      query: listBoardsQuery,
      response: pageOf(boardSchema),
      errors: ['not_found'],
      handler: async ({ principal, query }) => {
        const page = await boards.list(principal, query);
        return { data: await views.boards(page.data), nextCursor: page.nextCursor };
      },
    }),
    defineRoute({
      operationId: 'createBoard',
      method: 'POST',
      path: '/boards',
      tag,
      summary: 'Create a board in a space (editor and above there), or in the default space when `spaceId` is omitted. The board document exists at once.',
      scope: 'boards:write',
      body: createBoardBody,
      bodyExample: { title: 'Sprint planning', description: 'Goals and risks for the next sprint.', spaceId: 'default' },
      status: 201,
      response: boardSchema,
      errors: ['not_found', 'forbidden'],
      handler: async ({ principal, body }) => views.board(await boards.create(principal, body)),
    }),
    defineRoute({
      operationId: 'listRecentBoards',
      method: 'GET',
      path: '/boards/recent',
      tag,
      summary: 'The ten most recently updated boards across everything the token can see.',
      scope: 'boards:read',
      response: pageOf(boardSchema),
      handler: async ({ principal }) => ({ data: await views.boards(await boards.recent(principal)), nextCursor: null }),
    }),
    defineRoute({
      operationId: 'getBoard',
      method: 'GET',
      path: '/boards/{boardId}',
      tag,
      summary: 'Get a board. A board in trash is visible to whoever may restore it.',
      scope: 'boards:read',
      params: boardParams,
      response: boardSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => views.board(await boards.get(principal, params.boardId)),
    }),
    defineRoute({
      operationId: 'updateBoard',
      method: 'PATCH',
      path: '/boards/{boardId}',
      tag,
      summary: 'Rename, describe or lock (admin and above), reorder or move to another space (editor and above).',
      scope: 'boards:write',
      params: boardParams,
      body: patchBoardBody,
      bodyExample: { title: 'Sprint 12 planning', locked: false },
      response: boardSchema,
      errors: ['not_found', 'forbidden', 'trashed'],
      handler: async ({ principal, params, body }) => views.board(await boards.update(principal, params.boardId, body)),
    }),
    defineRoute({
      operationId: 'deleteBoard',
      method: 'DELETE',
      path: '/boards/{boardId}',
      tag,
      summary: 'Trash or delete (admin and above): on pro and business the board goes to trash for 30 days; on basic it is deleted for good.',
      scope: 'boards:write',
      params: boardParams,
      response: z.object({
        id: z.string(),
        outcome: z.enum(['trashed', 'deleted']).describe('`deleted`: gone for good with its document (basic plan).'),
        trashedAt: timestamp.nullable(),
        purgeAt: timestamp.nullable(),
      }),
      errors: ['not_found', 'forbidden', 'trashed'],
      handler: async ({ principal, params }) => {
        const result = await boards.delete(principal, params.boardId);
        return {
          id: result.board.id,
          outcome: result.outcome,
          trashedAt: result.outcome === 'trashed' ? isoOrNull(result.board.trashedAt) : null,
          purgeAt: isoOrNull(result.purgeAt),
        };
      },
    }),
    defineRoute({
      operationId: 'restoreBoard',
      method: 'POST',
      path: '/boards/{boardId}/restore',
      tag,
      summary: 'Restore a board from trash (admin and above; pro and business only). If its space is gone or in trash it returns to `default`.',
      description: 'On basic this answers 402 `payment_required` (`limit: trashAndRestore`), also for a board that went to trash with its space: restoring the space (`POST /spaces/{spaceId}/restore`) brings such boards back on every plan.',
      scope: 'boards:write',
      params: boardParams,
      response: boardSchema,
      errors: ['not_found', 'conflict', 'payment_required'],
      handler: async ({ principal, params }) => views.board(await boards.restore(principal, params.boardId)),
    }),
    defineRoute({
      operationId: 'listBoardActivity',
      method: 'GET',
      path: '/boards/{boardId}/activity',
      tag,
      summary: 'Activity feed of the board, newest first: a row for every change made through the API.',
      scope: 'boards:read',
      params: boardParams,
      query: pageQuery,
      response: pageOf(activitySchema),
      errors: ['not_found'],
      handler: async ({ principal, params, query }) => {
        await access.requireBoard(principal.user.id, params.boardId, 'read');
        const page = await activity.list(params.boardId, query);
        return { data: await views.activity(page.data), nextCursor: page.nextCursor };
      },
    }),
  ];
}

