import { z } from 'zod';
import type { Services } from '../../server/Services.js';
import { linkBase } from '../linkBase.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { memberRoleBody, memberSchema, publicLinkSchema, putPublicLinkBody, shareBody, shareResultSchema } from '../schemas/boards.js';
import { BoardViews } from '../schemas/boardViews.js';
import { idParam, pageOf, pageQuery } from '../schemas/common.js';

const tag = 'Members';
const boardParams = z.object({ boardId: idParam });
const memberParams = z.object({ boardId: idParam, email: z.string().min(3).max(254).describe("The person's email, URL-encoded.") });
/** Said of the three sharing operations, which extend SPEC's Members group. */
const extension =
  'An extension of the Members group: share one board without sharing its space. An address without an account gets an ' +
  'invitation by email (`status: invited`), accepted at its first sign-in. People with the board through its space keep that ' +
  'role; the effective role is the highest.';

/** The services the board members and public link operations use: all a route factory receives. */
export type MemberRouteServices = Pick<Services, 'boardMembers' | 'publicLinks' | 'accounts' | 'config'>;

/** The Members group (SPEC "Members"): effective members, direct board sharing and invitations (extensions), and the board's public link. */
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
      operationId: 'shareBoard',
      method: 'POST',
      path: '/boards/{boardId}/members',
      tag,
      summary: 'Share the board with a person by email (admin and above); adds them or updates their role. The person is notified when added.',
      description: `${extension} Open invitations count against the plan's \`membersPerSpace\` (402).`,
      scope: 'boards:write',
      params: boardParams,
      body: shareBody,
      bodyExample: { email: 'grace@example.com', role: 'editor' },
      response: shareResultSchema,
      errors: ['not_found', 'forbidden', 'conflict', 'payment_required', 'trashed'],
      handler: async ({ principal, params, body, ctx }) =>
        views.shareResult(await boardMembers.share(principal.user.id, params.boardId, { ...body, linkBase: linkBase(ctx, services.config) })),
    }),
    defineRoute({
      operationId: 'updateBoardMember',
      method: 'PATCH',
      path: '/boards/{boardId}/members/{email}',
      tag,
      summary: 'Change the role of a person the board is shared with directly, or of an open invitation (admin and above).',
      description: `${extension} A role that comes from the space is changed on the space (404 here).`,
      scope: 'boards:write',
      params: memberParams,
      body: memberRoleBody,
      bodyExample: { role: 'viewer' },
      response: shareResultSchema,
      errors: ['not_found', 'forbidden', 'conflict', 'trashed'],
      handler: async ({ principal, params, body }) =>
        views.shareResult(await boardMembers.changeRole(principal.user.id, params.boardId, params.email, body.role)),
    }),
    defineRoute({
      operationId: 'removeBoardMember',
      method: 'DELETE',
      path: '/boards/{boardId}/members/{email}',
      tag,
      summary: 'Stop sharing the board with a person directly, or withdraw an invitation (admin and above; people may remove themselves).',
      description: extension,
      scope: 'boards:write',
      params: memberParams,
      response: null,
      errors: ['not_found', 'forbidden', 'trashed'],
      handler: async ({ principal, params }) => boardMembers.unshare(principal.user.id, params.boardId, params.email),
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
      errors: ['not_found', 'forbidden', 'payment_required', 'trashed'],
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
