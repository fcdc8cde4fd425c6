import { z } from 'zod';
import type { Services } from '../../server/Services.js';
import { maxSearchQueryChars } from '../../server/search/SearchService.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { iso, timestamp } from '../schemas/common.js';
import { roleSchema } from '../schemas/boards.js';

const tag = 'Collaboration';

const boardHit = z.object({
  id: z.string(),
  title: z.string(),
  spaceId: z.string().nullable().describe('null for the built-in `default` space.'),
  workspaceId: z.string(),
  role: roleSchema.describe("The caller's role on the board."),
  updatedAt: timestamp,
  links: z.object({ self: z.string() }),
});

const itemHit = z.object({
  boardId: z.string(),
  boardTitle: z.string(),
  itemId: z.string(),
  type: z.string().describe('The item type.'),
  snippet: z.string().describe('Up to 160 characters of the item text around the first match; `…` marks cuts.'),
  links: z.object({ self: z.string(), board: z.string() }),
});

/** The services the search operation use: all a route factory receives. */
export type SearchRouteServices = Pick<Services, 'search' | 'config'>;

/** `GET /search` (SPEC "Collaboration, Jobs, Search"). */
export function searchRoutes(services: SearchRouteServices): Route[] {
  const { search } = services;
  const api = `${services.config.publicUrl}/v1`;
  return [
    defineRoute({
      operationId: 'search',
      method: 'GET',
      path: '/search',
      tag,
      summary: 'Two searches in one: boards by title and items by text.',
      description:
        'Only active boards the caller can read, and their items. A hit contains every word of `q` as a whole word ' +
        '(no prefixes, no stemming), ignoring case and diacritics; punctuation and quotes separate words and ' +
        'operator words (`AND`, `OR`, `NOT`) are plain words; only the first 16 words count. Each kind is ' +
        'ordered by relevance. `limit` applies to each kind; `nextCursor` continues whichever kinds have more ' +
        '(a kind that has run out comes back empty). New edits show up within about a second.',
      scope: 'boards:read',
      query: z.object({
        q: z.string().max(1000).describe(`Search words: 1 to ${maxSearchQueryChars} characters after trimming.`),
        limit: z.coerce.number().int().min(1).max(50).default(10).describe('Hits per kind: 1 to 50, default 10.'),
        cursor: z.string().min(1).max(200).optional().describe('The `nextCursor` of the previous page (same `q`).'),
      }),
      response: z.object({
        boards: z.array(boardHit),
        items: z.array(itemHit),
        nextCursor: z.string().nullable().describe('Pass as `cursor` with the same `q` for the next page; null on the last.'),
      }),
      errors: ['validation_failed'],
      handler: async ({ principal, query }) => {
        const page = await search.search(principal, query);
        const boardUrl = (id: string): string => `${api}/boards/${encodeURIComponent(id)}`;
        return {
          boards: page.boards.map(({ board, role }) => ({
            id: board.id,
            title: board.title,
            spaceId: board.spaceId,
            workspaceId: board.workspaceId,
            role,
            updatedAt: iso(board.updatedAt),
            links: { self: boardUrl(board.id) },
          })),
          items: page.items.map((hit) => ({
            boardId: hit.board.id,
            boardTitle: hit.board.title,
            itemId: hit.itemId,
            type: hit.type,
            snippet: hit.snippet,
            links: { self: `${boardUrl(hit.board.id)}/items/${encodeURIComponent(hit.itemId)}`, board: boardUrl(hit.board.id) },
          })),
          nextCursor: page.nextCursor,
        };
      },
    }),
  ];
}
