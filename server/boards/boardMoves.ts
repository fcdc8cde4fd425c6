import type { BoardRecord } from '../../storage/schema/boards.js';
import type { AccessService } from '../access/AccessService.js';
import type { UserGrants } from '../access/grants.js';
import { roleOnBoard } from '../access/grants.js';
import { atLeast, boardPermissions } from '../access/roles.js';
import { errors } from '../errors.js';

/**
 * Where a move may take a board: a space of the board's workspace the mover may add boards to,
 * or the workspace's default space when the mover belongs to that workspace (the default space
 * of a workspace is the private space of its people, never somebody else's). Either way the
 * mover can still read the board afterwards. Throws 404/403 for the space, 422 `spaceId` else.
 */
export async function moveTarget(access: AccessService, board: BoardRecord, spaceId: string, grants: UserGrants): Promise<string | null> {
  let target: string | null = null;
  if (spaceId !== 'default') {
    const { space } = await access.requireSpace(grants.userId, spaceId, 'addBoards', { grants });
    if (space.workspaceId !== board.workspaceId) throw errors.invalid('spaceId', "must be a space of the board's workspace");
    target = space.id;
  } else if (board.spaceId !== null && !grants.workspaceRoles.has(board.workspaceId)) {
    throw errors.invalid('spaceId', "must not be default: the board's default space belongs to a workspace you are not in");
  }
  if (!atLeast(roleOnBoard(grants, { ...board, spaceId: target }), boardPermissions.read)) {
    throw errors.invalid('spaceId', 'must be a space where you can still open the board');
  }
  return target;
}
