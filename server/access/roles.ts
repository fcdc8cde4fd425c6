/**
 * Roles and permissions of spaces and boards: the one table every operation (REST and
 * realtime) consults. Roles are ordered `owner > admin > editor > commenter > viewer`.
 *
 * Where a person's role comes from (the highest wins):
 * - the creator of a space or board is its `owner`;
 * - a member of the workspace that owns it: workspace `owner` -> `owner`, workspace `admin`
 *   -> `admin`, workspace `member` -> `editor` (a workspace's own boards are open to its people);
 * - for a space: the role it was shared with; for a board: the role its space was shared
 *   with (the space's owner is `owner` of its boards too), and the role the board itself was
 *   shared with.
 */

/** Every role, lowest first. */
export const roles = ['viewer', 'commenter', 'editor', 'admin', 'owner'] as const;
/** A role on a space or board. */
export type Role = (typeof roles)[number];

/** Roles that can be granted by sharing (the owner role is held, never granted). */
export const grantableRoles = ['admin', 'editor', 'commenter', 'viewer'] as const;
/** A role that can be granted by sharing. */
export type GrantableRole = (typeof grantableRoles)[number];

/** Roles a public link can grant. */
export const linkRoles = ['viewer', 'commenter', 'editor'] as const;
/** A role a public link can grant. */
export type PublicLinkRole = (typeof linkRoles)[number];

/** The rank of a role: higher means more rights. */
export function roleRank(role: Role): number {
  return roles.indexOf(role);
}

/** True when `role` is `min` or higher; false for null (no access). */
export function atLeast(role: Role | null, min: Role): boolean {
  return role !== null && roleRank(role) >= roleRank(min);
}

/** The highest of some roles, or null when there are none. */
export function highestRole(candidates: readonly (Role | null | undefined)[]): Role | null {
  let best: Role | null = null;
  for (const role of candidates) {
    if (role && (best === null || roleRank(role) > roleRank(best))) best = role;
  }
  return best;
}

/** The role a workspace role gives on everything the workspace owns. */
export function roleFromWorkspace(workspaceRole: 'owner' | 'admin' | 'member' | null | undefined): Role | null {
  if (workspaceRole === 'owner') return 'owner';
  if (workspaceRole === 'admin') return 'admin';
  if (workspaceRole === 'member') return 'editor';
  return null;
}

/** The least role each space action needs (SPEC Spaces: rename is open to a shared admin or editor). */
export const spacePermissions = {
  read: 'viewer',
  rename: 'editor',
  reorder: 'editor',
  addBoards: 'editor',
  share: 'admin',
  publicLink: 'admin',
  delete: 'owner',
  /** A space in trash is visible only to those who may restore it. */
  restore: 'owner',
} as const satisfies Record<string, Role>;
/** An action on a space. */
export type SpaceAction = keyof typeof spacePermissions;

/** The least role each board action needs (SPEC Boards: rename and lock need admin; Members: public link admin and above). */
export const boardPermissions = {
  read: 'viewer',
  comment: 'commenter',
  edit: 'editor',
  reorder: 'editor',
  move: 'editor',
  rename: 'admin',
  lock: 'admin',
  share: 'admin',
  publicLink: 'admin',
  delete: 'admin',
  /** A board in trash is visible only to those who may restore it. */
  restore: 'admin',
  /** Changing a locked board's content or settings. */
  editLocked: 'admin',
} as const satisfies Record<string, Role>;
/** An action on a board. */
export type BoardAction = keyof typeof boardPermissions;
