export { AccessService, describeAccess, publicLinkTokenPrefix, requireUnlocked, unlessNotFound } from './AccessService.js';
export type { BoardAccess, PublicLinkAccess, TrashMode } from './AccessService.js';
export { roleOnBoard, roleOnSpace } from './grants.js';
export type { UserGrants } from './grants.js';
export {
  atLeast,
  boardPermissions,
  grantableRoles,
  highestRole,
  linkRoles,
  roleFromWorkspace,
  roleRank,
  roles,
  spacePermissions,
} from './roles.js';
export type { BoardAction, GrantableRole, PublicLinkRole, Role, SpaceAction } from './roles.js';
