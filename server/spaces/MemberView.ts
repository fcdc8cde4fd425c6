import type { UserRecord } from '../../storage/schema/accounts.js';
import type { InvitationRecord } from '../../storage/schema/boards.js';
import type { Role } from '../access/roles.js';

/** A person with a role on a space or board, as member lists show them. */
export interface MemberView {
  user: UserRecord;
  role: Role;
  /** Where the role comes from: the owner, the space's sharing, or the board's own sharing. */
  source: 'owner' | 'space' | 'board';
  /** The space the role is inherited from (board member lists); null otherwise. */
  inheritedFrom: { spaceId: string; name: string } | null;
  addedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What sharing with an address did: a member added or updated, or an invitation stored for an address without an account. */
export type ShareOutcome =
  | { status: 'active'; member: MemberView; created: boolean }
  | { status: 'invited'; invitation: InvitationRecord; created: boolean };
