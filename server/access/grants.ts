import type { BoardRecord, GrantedRole, SpaceRecord } from '../../storage/schema/boards.js';
import type { WorkspaceRole } from '../accounts/AccountService.js';
import type { Role } from './roles.js';
import { highestRole, roleFromWorkspace } from './roles.js';

/** Everything that gives one person rights, loaded once per request: roles are then resolved in memory. */
export interface UserGrants {
  readonly userId: string;
  /** The person's role in each workspace they belong to. */
  readonly workspaceRoles: ReadonlyMap<string, WorkspaceRole>;
  /** Spaces shared with the person, and the role. */
  readonly spaceRoles: ReadonlyMap<string, GrantedRole>;
  /** Boards shared with the person directly, and the role. */
  readonly boardRoles: ReadonlyMap<string, GrantedRole>;
  /** Spaces the person created (they own the boards inside too). */
  readonly ownedSpaceIds: ReadonlySet<string>;
}

/** The person's role on a space, or null when they have none (trash state is not considered here). */
export function roleOnSpace(grants: UserGrants, space: Pick<SpaceRecord, 'id' | 'workspaceId' | 'ownerId'>): Role | null {
  return highestRole([
    space.ownerId === grants.userId ? 'owner' : null,
    roleFromWorkspace(grants.workspaceRoles.get(space.workspaceId)),
    grants.spaceRoles.get(space.id),
  ]);
}

/** The person's role on a board, or null when they have none (trash state is not considered here). */
export function roleOnBoard(
  grants: UserGrants,
  board: Pick<BoardRecord, 'id' | 'workspaceId' | 'ownerId' | 'spaceId'>,
): Role | null {
  return highestRole([
    board.ownerId === grants.userId ? 'owner' : null,
    roleFromWorkspace(grants.workspaceRoles.get(board.workspaceId)),
    board.spaceId !== null && grants.ownedSpaceIds.has(board.spaceId) ? 'owner' : null,
    board.spaceId === null ? null : grants.spaceRoles.get(board.spaceId),
    grants.boardRoles.get(board.id),
  ]);
}
