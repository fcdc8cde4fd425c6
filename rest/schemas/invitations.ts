import { z } from 'zod';
import { grantableRoles } from '../../server/access/roles.js';
import type { PendingInvitationView } from '../../server/boards/PendingInvitationService.js';
import { sentAt } from '../../server/boards/InvitationService.js';
import { personSummary } from './boards.js';
import { iso, timestamp } from './common.js';

/** An open invitation, as `GET …/invitations` lists it and `POST …/invitations/{email}/resend` answers. */
export const pendingInvitationSchema = z
  .object({
    email: z.string().describe('The invited address (lower case); no account has it yet.'),
    role: z.enum(grantableRoles).describe('The role the person gets at their first sign-in.'),
    resourceType: z.enum(['space', 'board']),
    resourceId: z.string(),
    invitedBy: personSummary.nullable().describe('Who invited (or last resent); membership is granted in their name. Null when that account is gone.'),
    createdAt: timestamp.describe('When the address was first invited.'),
    sentAt: timestamp.describe('When the invitation email last went out.'),
    expiresAt: timestamp.describe('The invitation lapses at this time (30 days after the last email).'),
  })
  .meta({ id: 'Invitation', description: 'An open invitation by email to an address without an account, accepted at its first sign-in.' });

/** Path parameters of one invitation of a space or board: the resource's id and the invited address. */
export const invitationEmailParam = z.string().min(3).max(254).describe('The invited address, URL-encoded.');

/** An open invitation in the API's shape. */
export function invitationView({ invitation, invitedBy }: PendingInvitationView): z.input<typeof pendingInvitationSchema> {
  return {
    email: invitation.email,
    role: invitation.role,
    resourceType: invitation.resourceType,
    resourceId: invitation.resourceId,
    invitedBy: invitedBy ? { id: invitedBy.id, name: invitedBy.name, email: invitedBy.email } : null,
    createdAt: iso(invitation.createdAt),
    sentAt: iso(sentAt(invitation)),
    expiresAt: iso(invitation.expiresAt),
  };
}
