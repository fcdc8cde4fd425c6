import type { BoardRecord } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { Role } from '../access/roles.js';
import { purgeAt } from './trashRules.js';

/** A board as the caller sees it. */
export interface BoardView {
  board: BoardRecord;
  role: Role;
  /** When a board in trash is purged; null while active. */
  purgeAt: number | null;
}

/** Views of `boards` with the caller's role on each; a board in trash gets its purge time (one workspace lookup per workspace). */
export async function boardViews(
  accounts: AccountService,
  boards: readonly BoardRecord[],
  roleOf: (b: BoardRecord) => Role,
): Promise<BoardView[]> {
  const planOf = new Map<string, Promise<number | null>>();
  return Promise.all(
    boards.map(async (board) => {
      let purge: number | null = null;
      if (board.trashedAt !== null) {
        const trashedAt = board.trashedAt;
        if (!planOf.has(board.workspaceId)) {
          planOf.set(board.workspaceId, accounts.getWorkspace(board.workspaceId).then((w) => purgeAt(0, w.plan)));
        }
        const retention = await planOf.get(board.workspaceId);
        purge = retention === null || retention === undefined ? null : trashedAt + retention;
      }
      return { board, role: roleOf(board), purgeAt: purge };
    }),
  );
}
