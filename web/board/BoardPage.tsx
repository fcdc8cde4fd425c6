import { useEffect, useMemo, useState } from 'preact/hooks';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { itemsMap } from '../../crdt/items/boardSchema.js';
import { ApiError, TokenSource, api, linkFromAddress, signInUrl } from '../api.js';
import type { WebToken, WebUser } from '../api.js';
import { SignInPrompt, TopBar } from '../PageFrame.js';
import { NamePrompt } from '../account/NamePrompt.js';
import { ShareButton } from './share/ShareButton.js';
import { useRightsFollow } from './share/useRightsFollow.js';
import { PanelButtons, SidePanel } from './assistant/BoardPanels.js';
import type { PanelName } from './assistant/BoardPanels.js';
import { CanvasLink } from './assistant/CanvasLink.js';
import { BoardStore } from './BoardStore.js';
import { Canvas, captureTimeoutMs } from './Canvas.js';
import type { BoardEdits } from './edits.js';
import { Presence } from './Presence.js';

/** Everything the canvas works with for one open board. */
export interface OpenBoard {
  readonly boardId: string;
  readonly doc: Y.Doc;
  readonly provider: WebsocketProvider;
  readonly store: BoardStore;
  /** False when the person may not change the board (viewer, commenter). */
  readonly canEdit: boolean;
  /** True when the person may add comments and replies (commenter and above), through REST. */
  readonly canComment: boolean;
  /** The session's tokens for REST calls about this board. */
  readonly tokens: TokenSource;
  /** The signed-in person. */
  readonly user: WebUser;
  /** Who the local changes are by: the origin of their transactions, which the undo manager tracks. */
  readonly actor: { readonly actorId: string };
  /** Null when the person may not change the board. */
  readonly undo: Y.UndoManager | null;
  readonly presence: Presence;
}

type Status = 'connecting' | 'connected' | 'offline';

/** Records when the first synced board was painted (ms since navigation start), for people and for tests. */
function markFirstPaint(items: number): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      const ms = Math.round(performance.now());
      performance.mark('boards:first-paint', { detail: { items } });
      document.body.dataset.firstPaintMs = String(ms);
      document.body.dataset.firstPaintItems = String(items);
    }, 0),
  );
}

function open(boardId: string, token: WebToken, tokens: TokenSource): OpenBoard {
  const doc = new Y.Doc();
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const provider = new WebsocketProvider(`${scheme}//${location.host}/v1/sync`, boardId, doc, {
    params: { token: token.token },
    // Tabs of one browser may hold different roles; every change goes through the server.
    disableBc: true,
  });
  // The provider re-encodes every change of the document to send it on, the initial sync's
  // whole board included (as long again as applying it). Nothing local exists before the first
  // sync (the canvas takes no edits until then), so it listens only from then on.
  doc.off('update', provider._updateHandler);
  const listen = (synced: boolean) => {
    if (!synced) return;
    provider.off('sync', listen);
    doc.on('update', provider._updateHandler);
  };
  provider.on('sync', listen);
  // Reconnects use the freshest token: refreshed ahead of expiry and after a 4401 close.
  const refresh = () =>
    tokens.get().then(
      (t) => {
        provider.params.token = t.token;
        return true;
      },
      () => false,
    );
  const timer = setInterval(() => void refresh(), 4 * 60 * 1000);
  provider.on('connection-close', (event) => {
    // 4401: the token expired while the socket was away; reconnect with a fresh one.
    if (event?.code === 4401) {
      tokens.invalidate();
      void refresh().then((ok) => ok && provider.connect());
    }
  });
  doc.on('destroy', () => clearInterval(timer));
  const { canEdit, canComment } = token;
  const actor = { actorId: token.user.id };
  const undo = canEdit ? new Y.UndoManager(itemsMap(doc), { trackedOrigins: new Set([actor]), captureTimeout: captureTimeoutMs }) : null;
  const presence = new Presence(provider.awareness, token.user, () => api(tokens, 'GET', `/boards/${encodeURIComponent(boardId)}/presence`));
  return { boardId, doc, provider, store: new BoardStore(doc), canEdit, canComment, tokens, user: token.user, actor, undo, presence };
}

/** A board: loads it live over `/v1/sync/{boardId}` and shows the canvas. */
export function BoardPage({ boardId }: { boardId: string }) {
  const tokens = useMemo(() => {
    const source = new TokenSource(boardId, linkFromAddress(location.hash));
    source.prefetch();
    return source;
  }, [boardId]);
  const [board, setBoard] = useState<OpenBoard | null>(null);
  const [token, setToken] = useState<WebToken | null>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<'signin' | 'notfound' | string | null>(null);
  const [status, setStatus] = useState<Status>('connecting');
  const [synced, setSynced] = useState(false);
  const [edits, setEdits] = useState<BoardEdits | null>(null);
  const link = useMemo(() => new CanvasLink(), [boardId]);
  const [panel, setPanel] = useState<PanelName | null>(null);
  // Bumped when the server says the person's rights changed: the board opens again with them.
  const [generation, setGeneration] = useState(0);
  useRightsFollow(boardId, token, !linkFromAddress(location.hash), title, () => {
    tokens.invalidate();
    setEdits(null);
    setGeneration((g) => g + 1);
  });

  useEffect(() => {
    let opened: OpenBoard | null = null;
    let cancelled = false;
    tokens.get().then(
      (t) => {
        if (cancelled) return;
        opened = open(boardId, t, tokens);
        const o = opened;
        performance.mark('boards:token');
        o.provider.on('status', ({ status: s }: { status: string }) => {
          if (s === 'connected' && performance.getEntriesByName('boards:socket-open').length === 0) performance.mark('boards:socket-open');
          setStatus(s === 'connected' ? 'connected' : s === 'connecting' ? 'connecting' : 'offline');
        });
        o.provider.on('sync', (isSynced: boolean) => {
          if (isSynced) {
            performance.mark('boards:synced');
            setSynced(true);
          }
        });
        o.provider.on('connection-close', (event) => {
          if (event?.code === 4404 || event?.code === 4403) {
            setProblem('notfound');
            o.provider.disconnect();
          }
        });
        setToken(t);
        setBoard(o);
        // The writes (the catalogue's zod schemas: most of the code) load beside the board, off the path to its first paint.
        if (o.canEdit) {
          import('./edits.js').then(
            (module) => cancelled || setEdits(new module.BoardEdits(o.doc, o.actor)),
            (e: unknown) => setProblem(e instanceof Error ? e.message : String(e)),
          );
        }
        api<{ title: string }>(tokens, 'GET', `/boards/${encodeURIComponent(boardId)}`).then(
          (b) => {
            setTitle(b.title);
            document.title = `${b.title} · Boards`;
          },
          () => undefined,
        );
      },
      (e: unknown) => {
        if (e instanceof ApiError && e.status === 401) setProblem('signin');
        else if (e instanceof ApiError && e.status === 404) setProblem('notfound');
        else setProblem(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      cancelled = true;
      if (opened) {
        opened.presence.destroy();
        opened.provider.destroy();
        opened.doc.destroy();
      }
    };
  }, [boardId, generation]);

  useEffect(() => {
    if (synced && board) markFirstPaint(board.store.items().length);
  }, [synced, board]);

  if (problem === 'signin') return <SignInPrompt href={signInUrl()} />;
  if (problem !== null) {
    return (
      <div class="page">
        <TopBar userName={token?.user.name} />
        <main class="center">
          <h1>{problem === 'notfound' ? 'Board not found' : 'Something went wrong'}</h1>
          <p>{problem === 'notfound' ? 'This board does not exist, is in trash, or is not shared with you.' : problem}</p>
          <p>
            <a href="/">Back to your boards</a>
          </p>
        </main>
      </div>
    );
  }
  const readOnly = board !== null && !board.canEdit;
  return (
    <div class="page board-page">
      <TopBar userName={token?.user.name}>
        <span class="board-name">{title}</span>
        {readOnly && (
          <span class="badge" title={`Your role: ${token?.role ?? ''}`}>
            View only
          </span>
        )}
        <span class={`status ${status}`} data-status={status}>
          {status === 'connected' ? (synced ? 'Live' : 'Loading…') : status === 'connecting' ? 'Connecting…' : 'Offline'}
        </span>
        {board && <PanelButtons board={board} title={title} link={link} panel={panel} onPanel={setPanel} />}
        {token && !linkFromAddress(location.hash) && <ShareButton tokens={tokens} boardId={boardId} title={title} role={token.role} />}
      </TopBar>
      {token && !linkFromAddress(location.hash) && <NamePrompt />}
      <div class="board-main">
        {board && <Canvas board={board} edits={edits} synced={synced} link={link} />}
        {board && panel && <SidePanel board={board} link={link} panel={panel} onClose={() => setPanel(null)} />}
      </div>
    </div>
  );
}
