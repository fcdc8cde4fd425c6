import { z } from 'zod';
import type { InvitationScope } from '../../server/boards/PendingInvitationService.js';
import type { Services } from '../../server/Services.js';
import { linkBase } from '../linkBase.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { idParam, pageOf, pageQuery } from '../schemas/common.js';
import { invitationEmailParam, invitationView, pendingInvitationSchema } from '../schemas/invitations.js';

/** The services the invitation operations use: all a route factory receives. */
export type InvitationRouteServices = Pick<Services, 'pendingInvitations' | 'config'>;

/** Said of every invitation operation, which extend SPEC's Members. */
const extension =
  'An extension of SPEC: sharing with an address that has no account stores an invitation (`status: invited`), accepted at its ' +
  'first sign-in. Invitations are seen, resent and revoked by those who may share (admin and above); others get 403, people ' +
  'without access 404.';

/** How each kind of resource appears in paths, operation ids and OpenAPI groups. */
const kinds = [
  { resourceType: 'space', segment: 'spaces', param: 'spaceId', noun: 'Space', tag: 'Spaces', extra: [] },
  { resourceType: 'board', segment: 'boards', param: 'boardId', noun: 'Board', tag: 'Members', extra: ['trashed'] },
] as const;

/**
 * The open invitations of spaces and boards (an extension of SPEC "Members"): list them, email
 * one again, or revoke it, by the invited address.
 */
export function invitationRoutes(services: InvitationRouteServices): Route[] {
  const { pendingInvitations } = services;
  return kinds.flatMap((kind) => {
    const params = z.object({ [kind.param]: idParam }) as z.ZodObject<Record<string, typeof idParam>>;
    const oneParams = z.object({ [kind.param]: idParam, email: invitationEmailParam }) as z.ZodObject<Record<string, typeof idParam>>;
    const scopeOf = (p: Record<string, string>): InvitationScope => ({ resourceType: kind.resourceType, resourceId: p[kind.param] as string });
    const base = `/${kind.segment}/{${kind.param}}/invitations`;
    return [
      defineRoute({
        operationId: `list${kind.noun}Invitations`,
        method: 'GET',
        path: base,
        tag: kind.tag,
        summary: `The open invitations of the ${kind.resourceType}, most recently sent first (admin and above).`,
        description: `${extension} Expired invitations are not listed.`,
        scope: 'boards:read',
        params,
        query: pageQuery,
        response: pageOf(pendingInvitationSchema),
        errors: ['not_found', 'forbidden', 'conflict', ...kind.extra],
        handler: async ({ principal, params: p, query }) => {
          const page = await pendingInvitations.list(principal.user.id, scopeOf(p), query);
          return { data: page.data.map(invitationView), nextCursor: page.nextCursor };
        },
      }),
      defineRoute({
        operationId: `resend${kind.noun}Invitation`,
        method: 'POST',
        path: `${base}/{email}/resend`,
        tag: kind.tag,
        summary: `Email an open invitation to the ${kind.resourceType} again, in the caller's name; renews its 30 days (admin and above).`,
        description: `${extension} At most one email a minute per invitation: sooner answers 429 \`rate_limited\` with \`error.retryAfterSeconds\`. 404 when the address has no open invitation.`,
        scope: 'boards:write',
        params: oneParams,
        response: pendingInvitationSchema,
        errors: ['not_found', 'forbidden', 'conflict', 'rate_limited', ...kind.extra],
        handler: async ({ principal, params: p, ctx }) =>
          invitationView(await pendingInvitations.resend(principal.user.id, scopeOf(p), p.email as string, linkBase(ctx, services.config))),
      }),
      defineRoute({
        operationId: `revoke${kind.noun}Invitation`,
        method: 'DELETE',
        path: `${base}/{email}`,
        tag: kind.tag,
        summary: `Revoke an open invitation to the ${kind.resourceType}: the address gets no access at sign-in (admin and above).`,
        description: `${extension} 404 when the address has no open invitation (revoked already, accepted or expired).`,
        scope: 'boards:write',
        params: oneParams,
        response: null,
        errors: ['not_found', 'forbidden', 'conflict', ...kind.extra],
        handler: async ({ principal, params: p }) => pendingInvitations.revoke(principal.user.id, scopeOf(p), p.email as string),
      }),
    ];
  });
}
