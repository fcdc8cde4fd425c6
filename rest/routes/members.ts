import { z } from 'zod';
import type { Services } from '../../server/Services.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { memberSchema, publicLinkSchema, putPublicLinkBody } from '../schemas/boards.js';
import { BoardViews } from '../schemas/boardViews.js';
import { idParam, pageOf, pageQuery } from '../schemas/common.js';

const tag = 'Members';
const boardParams = z.object({ boardId: idParam });

/** The services the board members and public link operations use: all a route factory receives. */
export type MemberRouteServices = Pick<Services, 'boardMembers' | 'publicLinks' | 'accounts' | 'config'>;

/** The Members group (SPEC "Members"): effective members and the board's public link. */
export function memberRoutes(services: MemberRouteServices): Route[] {
  const { boardMembers, publicLinks } = services;
  const views = new BoardViews(services);
  return [
    defineRoute({
      operationId: 'listBoardMembers',
      method: 'GET',
      path: '/boards/{boardId}/members',
      tag,
      summary: 'Effective members: the owner, people the space is shared with (`inheritedFrom` names the space), and people the board was shared with.',
      scope: 'boards:read',
      params: boardParams,
      query: pageQuery,
      response: pageOf(memberSchema),
      errors: ['not_found'],
      handler: async ({ principal, params, query }) => {
        const page = await boardMembers.list(principal.user.id, params.boardId, query);
        return { data: page.data.map((m) => views.member(m)), nextCursor: page.nextCursor };
      },
    }),
    defineRoute({
      operationId: 'getBoardPublicLink',
      method: 'GET',
      path: '/boards/{boardId}/public-link',
      tag,
      summary: "The board's public link.",
      scope: 'boards:read',
      params: boardParams,
      response: publicLinkSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => views.publicLink(await publicLinks.get(principal.user.id, 'board', params.boardId)),
    }),
    defineRoute({
      operationId: 'putBoardPublicLink',
      method: 'PUT',
      path: '/boards/{boardId}/public-link',
      tag,
      summary: 'Enable, configure (role, expiry, new token) or disable the public link. Admin and above.',
      scope: 'boards:write',
      params: boardParams,
      body: putPublicLinkBody,
      bodyExample: { enabled: true, role: 'viewer', expiresAt: null },
      response: publicLinkSchema,
      errors: ['not_found', 'forbidden', 'payment_required'],
      handler: async ({ principal, params, body }) =>
        views.publicLink(
          await publicLinks.put(principal.user.id, 'board', params.boardId, {
            ...body,
            expiresAt: body.expiresAt === undefined || body.expiresAt === null ? body.expiresAt : Date.parse(body.expiresAt),
          }),
        ),
    }),
  ];
}
