import { useEffect, useState } from 'preact/hooks';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import { api } from '../api.js';
import type { TokenSource, WebUser } from '../api.js';
import type { Person } from '../../server/notifications/mentions.js';
import { MentionBox } from './comments/MentionBox.js';

/** A reply as the comment item holds it (`data.replies`). */
interface Reply {
  readonly id: string;
  readonly text: string;
  readonly authorId: string;
  readonly createdAt: string;
}

/** Longest comment or reply, in characters (the catalogue's limit). */
const maxTextLength = 5000;

function repliesOf(item: StoredItem): Reply[] {
  const replies = item.data.replies;
  if (!Array.isArray(replies)) return [];
  return replies.filter(
    (r): r is Reply => typeof r === 'object' && r !== null && typeof (r as Reply).text === 'string' && typeof (r as Reply).authorId === 'string',
  );
}

/** The board's members (`GET /boards/{id}/members`, asked once per panel): the readers a comment may mention and whose names replies show. */
function useMembers(boardId: string, tokens: TokenSource): readonly Person[] {
  const [members, setMembers] = useState<readonly Person[]>([]);
  useEffect(() => {
    let live = true;
    api<{ data: { user: Person }[] }>(tokens, 'GET', `/boards/${encodeURIComponent(boardId)}/members?limit=100`).then(
      (page) => live && setMembers(page.data.map((m) => ({ id: m.user.id, name: m.user.name, email: m.user.email }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [boardId]);
  return members;
}

/** What the panel shows: an existing comment's thread, or a new comment about to be placed at `position`. */
export type ThreadTarget = { readonly kind: 'existing'; readonly item: StoredItem } | { readonly kind: 'new'; readonly position: { x: number; y: number } };

/**
 * A comment's thread beside the canvas: the comment, its replies with their authors' names, a
 * reply box and resolve / reopen; or the box for a new comment. Everything is written through
 * REST (`POST /boards/{id}/items`, `PATCH ... {reply}` / `{resolved}`), by the same rules as any
 * client: commenters may comment and reply, viewers only read, and the server stamps the author.
 * The canvas keys the panel by its target, so a draft never carries over to another thread.
 * The box takes the keyboard when the panel opens; Enter posts, Shift+Enter starts a line, and
 * `@` completes the names of the board's readers (mentions notify them).
 */
export function CommentThread({
  boardId,
  tokens,
  me,
  target,
  canComment,
  onCreated,
  onClose,
}: {
  boardId: string;
  tokens: TokenSource;
  me: WebUser;
  target: ThreadTarget;
  canComment: boolean;
  onCreated: (id: string) => void;
  onClose: () => void;
}) {
  const members = useMembers(boardId, tokens);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const readers = members.filter((m) => m.id !== me.id);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameOf = (userId: string) => (userId === me.id ? me.name : (names.get(userId) ?? 'Someone'));
  const items = `/boards/${encodeURIComponent(boardId)}/items`;
  const send = (request: () => Promise<unknown>, done?: () => void) => {
    setBusy(true);
    setError(null);
    request().then(
      () => {
        setBusy(false);
        setText('');
        done?.();
      },
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      },
    );
  };
  const submit = (event?: Event) => {
    event?.preventDefault();
    const body = text.trim();
    if (body === '' || busy) return;
    if (target.kind === 'new') {
      send(async () => {
        const created = await api<{ id: string }>(tokens, 'POST', items, { type: 'comment', position: target.position, data: { text: body } });
        onCreated(created.id);
      });
    } else {
      send(() => api(tokens, 'PATCH', `${items}/${encodeURIComponent(target.item.id)}`, { reply: { text: body } }));
    }
  };

  const item = target.kind === 'existing' ? target.item : null;
  const resolved = item?.data.resolved === true;
  return (
    <aside class="thread" aria-label="Comment thread" data-thread={item?.id ?? 'new'}>
      <header class="thread-head">
        <strong>{item ? (resolved ? 'Resolved comment' : 'Comment') : 'New comment'}</strong>
        <button type="button" class="link" onClick={onClose} title="Close">
          ×
        </button>
      </header>
      {item && (
        <ol class="thread-messages">
          <li class="thread-message" data-reply="comment">
            <div class="thread-author">{nameOf(item.createdBy)}</div>
            <div class="thread-text">{typeof item.data.text === 'string' ? item.data.text : ''}</div>
          </li>
          {repliesOf(item).map((reply) => (
            <li key={reply.id} class="thread-message" data-reply={reply.id}>
              <div class="thread-author">{nameOf(reply.authorId)}</div>
              <div class="thread-text">{reply.text}</div>
            </li>
          ))}
        </ol>
      )}
      {canComment && (
        <form class="thread-form" onSubmit={submit}>
          <MentionBox value={text} onInput={setText} onSubmit={submit} readers={readers} placeholder={item ? 'Reply…' : 'Write a comment…'} maxLength={maxTextLength} />
          <div class="thread-actions">
            {item && (
              <button type="button" disabled={busy} onClick={() => send(() => api(tokens, 'PATCH', `${items}/${encodeURIComponent(item.id)}`, { resolved: !resolved }))}>
                {resolved ? 'Reopen' : 'Resolve'}
              </button>
            )}
            <button type="submit" class="primary" disabled={busy || text.trim() === ''}>
              {item ? 'Reply' : 'Comment'}
            </button>
          </div>
        </form>
      )}
      {error && (
        <div class="thread-error" role="alert">
          {error}
        </div>
      )}
    </aside>
  );
}
