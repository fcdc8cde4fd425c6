import { useEffect, useRef } from 'preact/hooks';
import type { WebToken } from '../../api.js';
import { leaveBoard } from './LeftBoardNotice.js';
import { followSharing } from './sharingEvents.js';

/**
 * Follows the person's own rights on the open board as the server pushes them (`GET /web/events`):
 * when they change (a role raised or lowered, the board locked or unlocked) `onChanged` is called,
 * and the page opens the board again with a fresh token, so the tools follow the new role; when
 * they end (removed, the board moved out of their reach or to trash) the person is sent to the
 * dashboard, which says why. Off for a guest of a public link (no session to follow with).
 */
export function useRightsFollow(boardId: string, token: WebToken | null, enabled: boolean, title: string, onChanged: () => void): void {
  const latest = useRef({ title, onChanged });
  latest.current = { title, onChanged };
  useEffect(() => {
    if (!enabled || token === null) return undefined;
    return followSharing({ kind: 'board', id: boardId }, (event) => {
      if (event.event !== 'access') return;
      if (event.role === null) leaveBoard(latest.current.title);
      else if (event.role !== token.role || event.canEdit !== token.canEdit || event.canComment !== token.canComment) latest.current.onChanged();
    });
  }, [boardId, token, enabled]);
}
