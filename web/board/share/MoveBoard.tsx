import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import type { TokenSource } from '../../api.js';
import { spaceLabel } from '../../dashboard/spaceLabel.js';
import type { SpaceKind } from '../../dashboard/spaceLabel.js';
import { mayOnSpace } from './roles.js';
import { errorText } from './shareApi.js';
import { Outcome } from './Outcome.js';

interface SpaceChoice {
  id: string;
  kind: SpaceKind;
  name: string;
  role: string | null;
  workspaceId: string | null;
}

/**
 * Spaces a board may move into (SPEC: editor on the board and the space): those of the board's
 * workspace where the person adds boards, and the Default space only for the workspace's own
 * people (the API refuses a move into someone else's Default, or out of the board's workspace).
 */
export async function spacesToMoveInto(tokens: TokenSource, boardWorkspaceId: string): Promise<SpaceChoice[]> {
  const [page, me] = await Promise.all([
    api<{ data: SpaceChoice[] }>(tokens, 'GET', '/spaces?limit=100'),
    api<{ workspace: { id: string } }>(tokens, 'GET', '/me'),
  ]);
  return page.data.filter((s) =>
    s.kind === 'default' ? me.workspace.id === boardWorkspaceId : s.kind === 'space' && s.workspaceId === boardWorkspaceId && mayOnSpace(s.role, 'addBoards'),
  );
}

/** Moves a board into another space (`PATCH /boards/{id}` with `spaceId`); `onMoved` hears the new space (null: Default). */
export function MoveBoard({ tokens, boardId, onMoved }: { tokens: TokenSource; boardId: string; onMoved?: (spaceId: string | null) => void }) {
  const [spaces, setSpaces] = useState<SpaceChoice[] | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    api<{ spaceId: string | null; workspaceId: string }>(tokens, 'GET', `/boards/${encodeURIComponent(boardId)}`)
      .then((board) => {
        setCurrent(board.spaceId);
        return spacesToMoveInto(tokens, board.workspaceId);
      })
      .then(setSpaces, (e: unknown) => setError(errorText(e)));
  }, [boardId]);

  const here = current ?? 'default';
  const options = (spaces ?? []).filter((s) => s.id !== here);

  const move = async (event: Event) => {
    event.preventDefault();
    const target = options.find((s) => s.id === choice) ?? options[0];
    if (!target) return;
    setError(null);
    setNotice(null);
    try {
      const board = await api<{ spaceId: string | null }>(tokens, 'PATCH', `/boards/${encodeURIComponent(boardId)}`, { spaceId: target.id });
      setCurrent(board.spaceId);
      setChoice('');
      setNotice(`Moved to ${spaceLabel(target)}.`);
      onMoved?.(board.spaceId);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section class="move-board" aria-label="Space">
      <h3>Space</h3>
      {spaces === null ? (
        !error && <p class="muted">Loading…</p>
      ) : options.length === 0 ? (
        <p class="muted">No other space to move this board into.</p>
      ) : (
        <form class="move-form" onSubmit={(e) => void move(e)}>
          <select name="moveTo" aria-label="Move to space" value={choice || options[0]?.id} onChange={(e) => setChoice((e.target as HTMLSelectElement).value)}>
            {options.map((s) => (
              <option key={s.id} value={s.id}>
                {spaceLabel(s)}
              </option>
            ))}
          </select>
          <button type="submit">Move</button>
        </form>
      )}
      <Outcome notice={notice} error={error} />
    </section>
  );
}
