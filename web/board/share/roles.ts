import { atLeast, boardPermissions, spacePermissions } from '../../../server/access/roles.js';
import type { BoardAction, Role, SpaceAction } from '../../../server/access/roles.js';

export { grantableRoles, linkRoles } from '../../../server/access/roles.js';
export type { GrantableRole, PublicLinkRole, Role } from '../../../server/access/roles.js';

/** True when `role` may do `action` on a board: the server's own table, so the app offers only what the API allows. */
export function mayOnBoard(role: string | null | undefined, action: BoardAction): boolean {
  return atLeast((role ?? null) as Role | null, boardPermissions[action]);
}

/** True when `role` may do `action` on a space (the server's table). */
export function mayOnSpace(role: string | null | undefined, action: SpaceAction): boolean {
  return atLeast((role ?? null) as Role | null, spacePermissions[action]);
}

/** How the app names a role. */
export const roleLabels: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Can edit',
  commenter: 'Can comment',
  viewer: 'Can view',
};
