import { z } from 'zod';
import type { Services } from '../../server/Services.js';
import { linkBase } from '../linkBase.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import {
  createSpaceBody,
  memberRoleBody,
  memberSchema,
  patchSpaceBody,
  publicLinkSchema,
  putPublicLinkBody,
  shareBody,
  shareResultSchema,
  spaceSchema,
} from '../schemas/boards.js';
import { BoardViews } from '../schemas/boardViews.js';
import { idParam, iso, pageOf, pageQuery, timestamp } from '../schemas/common.js';

const tag = 'Spaces';
const spaceParams = z.object({ spaceId: idParam });
const memberParams = z.object({ spaceId: idParam, email: z.string().min(3).max(254).describe("The member's email, URL-encoded.") });

/** The services the Spaces group use: all a route factory receives. */
export type SpaceRouteServices = Pick<Services, 'spaces' | 'spaceMembers' | 'publicLinks' | 'accounts' | 'config'>;

/** The Spaces group (SPEC "Spaces"): 12 operations. */
export function spaceRoutes(services: SpaceRouteServices): Route[] {
  const { spaces, spaceMembers, publicLinks } = services;
  const views = new BoardViews(services);
  return [
    defineRoute({
      operationId: 'listSpaces',
      method: 'GET',
      path: '/spaces',
      tag,
      summary: "Every space the token can see, in dashboard order: the workspace's own, those shared with the person, then the built-in `default` and `trash`.",
      scope: 'boards:read',
      query: pageQuery,
      response: pageOf(spaceSchema),
      handler: async ({ principal, query }) => {
        const page = await spaces.list(principal, query);
        return { data: await views.spaces(page.data), nextCursor: page.nextCursor };
      },
    }),
    defineRoute({
      operationId: 'createSpace',
      method: 'POST',
      path: '/spaces',
      tag,
      summary: 'Create a space in the workspace; 402 when the plan cap is reached (basic: one space).',
      scope: 'boards:write',
      body: createSpaceBody,
      bodyExample: { name: 'Product' },
      status: 201,
      response: spaceSchema,
      errors: ['payment_required'],
      handler: async ({ principal, body }) => views.space(await spaces.create(principal, body)),
    }),
    defineRoute({
      operationId: 'getSpace',
      method: 'GET',
      path: '/spaces/{spaceId}',
      tag,
      summary: 'Get a space (also `default` and `trash`). A space in trash is visible to whoever may restore it.',
      scope: 'boards:read',
      params: spaceParams,
      response: spaceSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => views.space(await spaces.get(principal, params.spaceId)),
    }),
    defineRoute({
      operationId: 'updateSpace',
      method: 'PATCH',
      path: '/spaces/{spaceId}',
      tag,
      summary: 'Rename or reorder a space (editor and above, so a shared admin or editor can rename).',
      scope: 'boards:write',
      params: spaceParams,
      body: patchSpaceBody,
      bodyExample: { name: 'Product and design' },
      response: spaceSchema,
      errors: ['not_found', 'forbidden', 'conflict'],
      handler: async ({ principal, params, body }) => views.space(await spaces.update(principal, params.spaceId, body)),
    }),
    defineRoute({
      operationId: 'deleteSpace',
      method: 'DELETE',
      path: '/spaces/{spaceId}',
      tag,
      summary: 'Move the space and every board in it to trash for 30 days (owner). Restore brings back exactly those boards.',
      scope: 'boards:write',
      params: spaceParams,
      response: z.object({
        id: z.string(),
        outcome: z.literal('trashed'),
        boardCount: z.number().int().describe('Boards that went to trash with the space.'),
        trashedAt: timestamp,
        purgeAt: timestamp,
      }),
      errors: ['not_found', 'forbidden', 'conflict'],
      handler: async ({ principal, params }) => {
        const result = await spaces.trash(principal, params.spaceId);
        return {
          id: result.space.id,
          outcome: 'trashed' as const,
          boardCount: result.boardCount,
          trashedAt: iso(result.space.trashedAt ?? 0),
          purgeAt: iso(result.purgeAt),
        };
      },
    }),
    defineRoute({
      operationId: 'listSpaceMembers',
      method: 'GET',
      path: '/spaces/{spaceId}/members',
      tag,
      summary: 'The owner and the people the space is shared with.',
      scope: 'boards:read',
      params: spaceParams,
      query: pageQuery,
      response: pageOf(memberSchema),
      errors: ['not_found', 'conflict'],
      handler: async ({ principal, params, query }) => {
        const page = await spaceMembers.list(principal.user.id, params.spaceId, query);
        return { data: page.data.map((m) => views.member(m)), nextCursor: page.nextCursor };
      },
    }),
    defineRoute({
      operationId: 'shareSpace',
      method: 'POST',
      path: '/spaces/{spaceId}/members',
      tag,
      summary: 'Share the space with a person by email (admin and above); adds them or updates their role. The person is notified when added.',
      description:
        'An address without an account gets an invitation by email instead (`status: invited`), accepted at its first sign-in ' +
        '(an extension of the Members group); open invitations count against the plan\'s `membersPerSpace`.',
      scope: 'boards:write',
      params: spaceParams,
      body: shareBody,
      bodyExample: { email: 'grace@example.com', role: 'editor' },
      response: shareResultSchema,
      errors: ['not_found', 'forbidden', 'conflict', 'payment_required'],
      handler: async ({ principal, params, body, ctx }) =>
        views.shareResult(await spaceMembers.share(principal.user.id, params.spaceId, { ...body, linkBase: linkBase(ctx, services.config) })),
    }),
    defineRoute({
      operationId: 'updateSpaceMember',
      method: 'PATCH',
      path: '/spaces/{spaceId}/members/{email}',
      tag,
      summary: "Change a member's role, or an open invitation's (admin and above).",
      scope: 'boards:write',
      params: memberParams,
      body: memberRoleBody,
      bodyExample: { role: 'commenter' },
      response: shareResultSchema,
      errors: ['not_found', 'forbidden', 'conflict'],
      handler: async ({ principal, params, body }) =>
        views.shareResult(await spaceMembers.changeRole(principal.user.id, params.spaceId, params.email, body.role)),
    }),
    defineRoute({
      operationId: 'removeSpaceMember',
      method: 'DELETE',
      path: '/spaces/{spaceId}/members/{email}',
      tag,
      summary: 'Remove a member (admin and above; members may remove themselves).',
      scope: 'boards:write',
      params: memberParams,
      response: null,
      errors: ['not_found', 'forbidden', 'conflict'],
      handler: async ({ principal, params }) => spaceMembers.remove(principal.user.id, params.spaceId, params.email),
    }),
    defineRoute({
      operationId: 'getSpacePublicLink',
      method: 'GET',
      path: '/spaces/{spaceId}/public-link',
      tag,
      summary: "The space's public link, which opens every board in it.",
      scope: 'boards:read',
      params: spaceParams,
      response: publicLinkSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => views.publicLink(await publicLinks.get(principal.user.id, 'space', params.spaceId)),
    }),
    defineRoute({
      operationId: 'putSpacePublicLink',
      method: 'PUT',
      path: '/spaces/{spaceId}/public-link',
      tag,
      summary: 'Enable, configure (role, expiry, new token) or disable the public link (admin and above).',
      scope: 'boards:write',
      params: spaceParams,
      body: putPublicLinkBody,
      bodyExample: { enabled: true, role: 'viewer', expiresAt: null },
      response: publicLinkSchema,
      errors: ['not_found', 'forbidden', 'payment_required'],
      handler: async ({ principal, params, body }) =>
        views.publicLink(
          await publicLinks.put(principal.user.id, 'space', params.spaceId, {
            ...body,
            expiresAt: body.expiresAt === undefined || body.expiresAt === null ? body.expiresAt : Date.parse(body.expiresAt),
          }),
        ),
    }),
    defineRoute({
      operationId: 'restoreSpace',
      method: 'POST',
      path: '/spaces/{spaceId}/restore',
      tag,
      summary: 'Restore a space from trash with exactly the boards that went with it (owner).',
      description: 'On every plan, basic included: the boards that went with the space come back with it, although basic cannot restore a board one by one. Answers 402 `payment_required` when the plan\'s active-space cap is reached.',
      scope: 'boards:write',
      params: spaceParams,
      response: spaceSchema.extend({ restoredBoards: z.number().int() }),
      errors: ['not_found', 'conflict', 'payment_required'],
      handler: async ({ principal, params }) => {
        const restored = await spaces.restore(principal, params.spaceId);
        return { ...(await views.space(restored)), restoredBoards: restored.restoredBoards };
      },
    }),
  ];
}
