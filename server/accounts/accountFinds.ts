import type { BatchedFind } from '../../storage/index.js';
import { batchedFind } from '../../storage/index.js';
import type { MembershipRecord, UserRecord, WorkspaceRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';

/** The id of a person's membership of a workspace. */
export function membershipId(workspaceId: string, userId: string): string {
  return `${workspaceId}:${userId}`;
}

/**
 * The reads of `AccountService` as finds another service batches with its own (`findTogether`),
 * each matching what the service's method reads.
 */
export const accountFinds = {
  /** `getUser`: at most one. */
  user: (userId: string): BatchedFind<UserRecord> => batchedFind<UserRecord>(accountCollections.users, { id: userId }, { limit: 1 }),
  /** `getWorkspace`: at most one (the method throws 404 on none; a batch's caller decides). */
  workspace: (workspaceId: string): BatchedFind<WorkspaceRecord> => batchedFind<WorkspaceRecord>(accountCollections.workspaces, { id: workspaceId }, { limit: 1 }),
  /** `getMembership`: at most one. */
  membership: (workspaceId: string, userId: string): BatchedFind<MembershipRecord> =>
    batchedFind<MembershipRecord>(accountCollections.memberships, { id: membershipId(workspaceId, userId) }, { limit: 1 }),
  /** `listMemberships`: oldest first. */
  memberships: (userId: string): BatchedFind<MembershipRecord> => batchedFind<MembershipRecord>(accountCollections.memberships, { userId }, { sort: [['createdAt', 1]] }),
};
