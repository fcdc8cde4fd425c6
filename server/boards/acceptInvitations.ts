import type { Database } from '../../storage/index.js';
import type { InvitationRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
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
 * inviter who lost it, or a space or board gone or in trash, drops the invitation, logged). Each
 * invitation is removed once honoured, not before: a stop in between leaves it to the sign-in's
 * replay (`account.signed_in` is journaled), which finds the person a member already and shares
 * nothing twice. Returns the unsubscriber.
 */
export function acceptInvitations(
  events: DomainEvents,
  deps: { db: Database; invitations: InvitationService; boardMembers: BoardMemberService; spaceMembers: SpaceMemberService; logger: InvitationLogger },
): () => void {
  const boardMembers = deps.db.collection(boardCollections.boardMembers);
  const spaceMembers = deps.db.collection(boardCollections.spaceMembers);
  const isMember = async (invitation: InvitationRecord, userId: string): Promise<boolean> =>
    (await (invitation.resourceType === 'board' ? boardMembers : spaceMembers).get(`${invitation.resourceId}:${userId}`)) !== null;
  return events.on('account.signed_in', async ({ user }) => {
    for (const invitation of await deps.invitations.openFor(user.email)) {
      const input = { email: user.email, role: invitation.role };
      // A member already: honoured before a stop that left the invitation.
      const honoured = await isMember(invitation, user.id);
      try {
        if (!honoured && invitation.resourceType === 'board') await deps.boardMembers.share(invitation.invitedBy, invitation.resourceId, input);
        else if (!honoured) await deps.spaceMembers.share(invitation.invitedBy, invitation.resourceId, input);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        deps.logger.info(
          { err: error, resourceType: invitation.resourceType, resourceId: invitation.resourceId, userId: user.id },
          'invitation dropped at sign-in: it can no longer be honoured',
        );
      }
      await deps.invitations.accepted(invitation);
    }
  });
}
