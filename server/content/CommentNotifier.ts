import type { ItemView } from '../../crdt/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { BoardMemberService } from '../boards/BoardMemberService.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { EventActor } from '../events/eventTypes.js';
import type { NotificationService } from '../notifications/NotificationService.js';

const maxRecipients = 1000;

/** Notifies the people a board is shared with of new comments and replies (never the author). */
export class CommentNotifier {
  readonly #members: BoardMemberService;
  readonly #notifications: NotificationService;

  constructor(members: BoardMemberService, notifications: NotificationService) {
    this.#members = members;
    this.#notifications = notifications;
  }

  /** Subscribes to `comment.created`; returns the unsubscriber. */
  subscribe(events: DomainEvents): () => void {
    return events.on('comment.created', (event) => this.commented(event.actor, event.board, event.item, event.kind));
  }

  /** Records a `comment` or `reply` notification for every effective member of the board but the author. */
  async commented(actor: EventActor, board: BoardRecord, comment: ItemView, kind: 'comment' | 'reply'): Promise<void> {
    const name = actor.name ?? 'Someone';
    const recipients = new Map<string, string>();
    let cursor: string | undefined;
    do {
      const page = await this.#members.list(actor.userId, board.id, { limit: 100, cursor });
      for (const member of page.data) recipients.set(member.user.id, member.user.workspaceId);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && recipients.size < maxRecipients);
    recipients.delete(actor.userId);
    const text = textOf(comment, kind);
    for (const [userId, workspaceId] of recipients) {
      await this.#notifications.notify({
        userId,
        workspaceId,
        kind,
        title: kind === 'comment' ? `${name} commented on ${board.title}` : `${name} replied on ${board.title}`,
        body: text.slice(0, 280),
        boardId: board.id,
        itemId: comment.id,
        actorId: actor.userId,
      });
    }
  }
}

function textOf(comment: ItemView, kind: 'comment' | 'reply'): string {
  if (kind === 'reply') {
    const replies = comment.data.replies;
    const last = Array.isArray(replies) ? (replies.at(-1) as { text?: unknown } | undefined) : undefined;
    if (typeof last?.text === 'string') return last.text;
  }
  return typeof comment.data.text === 'string' ? comment.data.text : '';
}
