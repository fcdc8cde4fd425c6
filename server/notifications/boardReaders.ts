import type { UserRecord } from '../../storage/schema/accounts.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { BoardMemberService } from '../boards/BoardMemberService.js';

/** Most people one board event notifies (a board shared that widely is a broadcast, not a team). */
export const maxRecipients = 1000;

/**
 * The people who can read an active board now: its effective members (owner, space members,
 * board members), listed as the owner would see them. Empty when the board is in trash or gone,
 * so nobody who lost access is notified.
 */
export async function boardReaders(members: BoardMemberService, board: BoardRecord): Promise<UserRecord[]> {
  if (board.trashedAt !== null) return [];
  const readers = new Map<string, UserRecord>();
  let cursor: string | undefined;
  try {
    do {
      const page = await members.list(board.ownerId, board.id, { limit: 100, cursor });
      for (const member of page.data) readers.set(member.user.id, member.user);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && readers.size < maxRecipients);
  } catch (error) {
    // The board went to trash or was deleted between the event and now.
    if (error instanceof Error && 'code' in error && error.code === 'not_found') return [];
    throw error;
  }
  return [...readers.values()];
}
