import { ServiceError } from '../errors.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { SpaceMemberService } from '../spaces/SpaceMemberService.js';
import type { BoardMemberService } from './BoardMemberService.js';
import type { InvitationService } from './InvitationService.js';

/** Where an invitation that could not be honoured is reported (a pino logger fits). */
export interface InvitationLogger {
  info(context: object, message: string): void;
}

/**
 * Subscribes to `account.signed_in`: each open invitation of the address becomes membership,
 * shared in the name of the person who invited, whose right to share is checked again now (an
 * inviter who lost it, or a space or board gone or in trash, drops the invitation, logged).
 * Returns the unsubscriber.
 */
export function acceptInvitations(
  events: DomainEvents,
  deps: { invitations: InvitationService; boardMembers: BoardMemberService; spaceMembers: SpaceMemberService; logger: InvitationLogger },
): () => void {
  return events.on('account.signed_in', async ({ user }) => {
    for (const invitation of await deps.invitations.take(user.email)) {
      const input = { email: user.email, role: invitation.role };
      try {
        if (invitation.resourceType === 'board') await deps.boardMembers.share(invitation.invitedBy, invitation.resourceId, input);
        else await deps.spaceMembers.share(invitation.invitedBy, invitation.resourceId, input);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        deps.logger.info(
          { err: error, resourceType: invitation.resourceType, resourceId: invitation.resourceId, userId: user.id },
          'invitation dropped at sign-in: it can no longer be honoured',
        );
      }
    }
  });
}
