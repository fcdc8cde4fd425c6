import { useState } from 'preact/hooks';
import type { TokenSource } from '../../api.js';
import { ShareDialog } from './ShareDialog.js';
import type { Role } from './roles.js';

/** The board page's Share button and its dialog. */
export function ShareButton({ tokens, boardId, title, role }: { tokens: TokenSource; boardId: string; title: string; role: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" class="share-button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Share
      </button>
      {open && <ShareDialog tokens={tokens} target={{ kind: 'board', id: boardId, name: title || 'Board', role: role as Role | null }} onClose={() => setOpen(false)} />}
    </>
  );
}
