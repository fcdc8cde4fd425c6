import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, TokenSource, api, signInUrl } from '../api.js';
import type { WebUser } from '../api.js';
import { SignInPrompt, TopBar } from '../PageFrame.js';
import { fullDateTime, relativeTime } from './relativeTime.js';
import { NamePrompt } from '../account/NamePrompt.js';
import { ShareDialog } from '../board/share/ShareDialog.js';
import { LeftBoardNotice } from '../board/share/LeftBoardNotice.js';
import type { Role } from '../board/share/roles.js';
import { BoardActions } from './BoardActions.js';
import { builtInSpaceLabels, spaceLabel } from './spaceLabel.js';
import type { SpaceKind } from './spaceLabel.js';

interface Space {
  id: string;
  kind: SpaceKind;
  name: string;
  role: Role | null;
  boardCount: number;
}

interface Board {
  id: string;
  title: string;
  spaceId: string | null;
  role: string;
  updatedAt: string;
  updatedBy: { name: string } | null;
}

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** Boards of every space, or of one. */
const allSpaces = 'all';

/** The dashboard: the person's spaces and their boards (recently updated first); create, share, move, rename and trash boards; share spaces. `initialSpaceId` opens on one space (`/spaces/<id>`). */
export function Dashboard({ initialSpaceId }: { initialSpaceId?: string } = {}) {
  const tokens = useMemo(() => new TokenSource(), []);
  const [user, setUser] = useState<WebUser | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [spaces, setSpaces] = useState<Space[]>([]);
  const [spaceId, setSpaceId] = useState<string>(initialSpaceId ?? allSpaces);
  const [boards, setBoards] = useState<Board[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [sharingSpace, setSharingSpace] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.status === 401) setSignedOut(true);
    else setError(e instanceof Error ? e.message : String(e));
  };

  const loadSpaces = () =>
    api<Page<Space>>(tokens, 'GET', '/spaces?limit=100').then((page) => setSpaces(page.data.filter((s) => s.kind !== 'trash')), fail);

  const loadBoards = (space: string) => {
    const query = space === allSpaces ? '' : `&spaceId=${encodeURIComponent(space)}`;
    return api<Page<Board>>(tokens, 'GET', `/boards?sort=updated&limit=100${query}`).then((page) => setBoards(page.data), fail);
  };

  useEffect(() => {
    tokens.get().then((t) => {
      setUser(t.user);
      void loadSpaces();
    }, fail);
  }, []);

  useEffect(() => {
    setBoards(null);
    setNotice(null);
    void loadBoards(spaceId);
  }, [spaceId]);

  if (signedOut) return <SignInPrompt href={signInUrl()} />;

  const create = async (event: Event) => {
    event.preventDefault();
    setError(null);
    try {
      const body: Record<string, string> = {};
      if (newTitle.trim() !== '') body.title = newTitle.trim();
      if (spaceId !== allSpaces) body.spaceId = spaceId;
      const board = await api<Board>(tokens, 'POST', '/boards', body);
      // A new board is made to be worked on: open it.
      location.assign(`/boards/${encodeURIComponent(board.id)}`);
    } catch (e) {
      fail(e);
    }
  };

  const rename = async (event: Event) => {
    event.preventDefault();
    if (!renaming) return;
    setError(null);
    try {
      const board = await api<Board>(tokens, 'PATCH', `/boards/${encodeURIComponent(renaming.id)}`, { title: renaming.title });
      setBoards((list) => (list ?? []).map((b) => (b.id === board.id ? board : b)));
      setRenaming(null);
    } catch (e) {
      fail(e);
    }
  };

  const trash = async (board: Board) => {
    setError(null);
    try {
      await api(tokens, 'DELETE', `/boards/${encodeURIComponent(board.id)}`);
      setBoards((list) => (list ?? []).filter((b) => b.id !== board.id));
      void loadSpaces();
    } catch (e) {
      fail(e);
    }
  };

  const createSpace = async () => {
    const name = prompt('Name of the new space');
    if (!name?.trim()) return;
    try {
      const space = await api<Space>(tokens, 'POST', '/spaces', { name: name.trim() });
      await loadSpaces();
      setSpaceId(space.id);
    } catch (e) {
      fail(e);
    }
  };

  const selected = spaces.find((s) => s.id === spaceId);

  const spaceName = (id: string | null) => {
    const space = id === null ? undefined : spaces.find((s) => s.id === id);
    return id === null ? builtInSpaceLabels.default : space ? spaceLabel(space) : '';
  };

  return (
    <div class="page">
      <TopBar userName={user?.name} />
      {user && <NamePrompt onNamed={(name) => setUser({ ...user, name })} />}
      <div class="dashboard">
        <aside class="spaces">
          <h2>Spaces</h2>
          <ul>
            <li>
              <button class={spaceId === allSpaces ? 'space active' : 'space'} onClick={() => setSpaceId(allSpaces)}>
                All boards
              </button>
            </li>
            {spaces.map((space) => (
              <li key={space.id}>
                <button class={spaceId === space.id ? 'space active' : 'space'} onClick={() => setSpaceId(space.id)}>
                  <span>{spaceLabel(space)}</span>
                  <span class="count">{space.boardCount}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" class="link new-space" onClick={() => void createSpace()}>
            + New space
          </button>
        </aside>
        <main class="boards">
          <div class="boards-head">
            <h1>{spaceId === allSpaces ? 'Recent boards' : spaceName(spaceId === 'default' ? null : spaceId) || 'Boards'}</h1>
            <form class="new-board" onSubmit={create}>
              <input
                name="title"
                aria-label="New board title"
                placeholder="New board title"
                maxLength={200}
                value={newTitle}
                onInput={(e) => setNewTitle((e.target as HTMLInputElement).value)}
              />
              <button type="submit" class="primary">
                Create board
              </button>
            </form>
          </div>
          {(selected?.kind === 'space' || selected?.kind === 'default') && (
            <p class="share">
              <button type="button" aria-haspopup="dialog" onClick={() => setSharingSpace(true)}>
                Share space
              </button>
            </p>
          )}
          {sharingSpace && selected && (
            <ShareDialog tokens={tokens} target={{ kind: 'space', id: selected.id, name: spaceLabel(selected), role: selected.role }} onClose={() => setSharingSpace(false)} />
          )}
          <LeftBoardNotice />
          {notice && <p class="notice">{notice}</p>}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {boards === null ? (
            <p class="muted">Loading…</p>
          ) : boards.length === 0 ? (
            <p class="muted">No boards here yet. Create one above.</p>
          ) : (
            <ul class="board-list">
              {boards.map((board) => (
                <li key={board.id} class="board-row" data-board-id={board.id}>
                  {renaming?.id === board.id ? (
                    <form class="rename" onSubmit={rename}>
                      <input
                        name="rename"
                        aria-label="Board title"
                        value={renaming.title}
                        maxLength={200}
                        onInput={(e) => setRenaming({ id: board.id, title: (e.target as HTMLInputElement).value })}
                      />
                      <button type="submit" class="primary">
                        Save
                      </button>
                      <button type="button" onClick={() => setRenaming(null)}>
                        Cancel
                      </button>
                    </form>
                  ) : (
                    <a class="board-title" href={`/boards/${encodeURIComponent(board.id)}`}>
                      {board.title}
                    </a>
                  )}
                  <span class="muted">{spaceName(board.spaceId)}</span>
                  <span class="muted">
                    <time dateTime={board.updatedAt} title={fullDateTime(board.updatedAt)}>
                      {relativeTime(board.updatedAt)}
                    </time>
                    {board.updatedBy ? ` · ${board.updatedBy.name}` : ''}
                  </span>
                  <span class="role">{board.role}</span>
                  <BoardActions
                    tokens={tokens}
                    board={board}
                    onRename={() => setRenaming({ id: board.id, title: board.title })}
                    onTrash={() => void trash(board)}
                    onMoved={() => {
                      void loadBoards(spaceId);
                      void loadSpaces();
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </main>
      </div>
    </div>
  );
}
