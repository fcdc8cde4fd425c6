import { useState } from 'preact/hooks';
import type { TokenSource } from '../api.js';
import { Dialog } from '../board/share/Dialog.js';
import { MoveBoard } from '../board/share/MoveBoard.js';
import { mayOnBoard } from '../board/share/roles.js';
import type { Role } from '../board/share/roles.js';
import { ShareDialog } from '../board/share/ShareDialog.js';
import './boardActions.css';

/** A board row of the dashboard, as far as its actions need. */
export interface BoardRow {
  readonly id: string;
  readonly title: string;
  readonly spaceId: string | null;
  readonly role: string;
}

/**
 * The actions of a board row, each offered only to a role the API allows it (SPEC Boards: rename
 * and trash need admin; moving needs editor): Share (everyone sees who has the board), Move to…,
 * Rename, Move to trash.
 */
export function BoardActions({
  tokens,
  board,
  onRename,
  onTrash,
  onMoved,
}: {
  tokens: TokenSource;
  board: BoardRow;
  onRename: () => void;
  onTrash: () => void;
  onMoved: () => void;
}) {
  const [open, setOpen] = useState<'share' | 'move' | null>(null);
  const role = board.role as Role;
  const close = () => setOpen(null);
  return (
    <span class="actions">
      <button type="button" aria-haspopup="dialog" aria-label={`Share ${board.title}`} onClick={() => setOpen('share')}>
        Share
      </button>
      {mayOnBoard(role, 'move') && (
        <button type="button" aria-haspopup="dialog" aria-label={`Move to… another space: ${board.title}`} onClick={() => setOpen('move')}>
          Move to…
        </button>
      )}
      {mayOnBoard(role, 'rename') && (
        <button type="button" onClick={onRename}>
          Rename
        </button>
      )}
      {mayOnBoard(role, 'delete') && (
        <button type="button" onClick={onTrash}>
          Move to trash
        </button>
      )}
      {open === 'share' && <ShareDialog tokens={tokens} target={{ kind: 'board', id: board.id, name: board.title, role }} onClose={close} onMoved={onMoved} />}
      {open === 'move' && (
        <Dialog title={`Move “${board.title}”`} onClose={close}>
          <MoveBoard tokens={tokens} boardId={board.id} onMoved={onMoved} />
        </Dialog>
      )}
    </span>
  );
}
