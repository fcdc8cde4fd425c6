import type { ItemView } from '../../crdt/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { BoardMemberService } from '../boards/BoardMemberService.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { EventActor } from '../events/eventTypes.js';
import { boardReaders } from './boardReaders.js';
import { resolveMentions } from './mentions.js';
import type { NotificationService } from './NotificationService.js';
import { recipientSettings } from './recipientSettings.js';

/**
 * Notifies the people who can read a board of new comments and replies (never the author): a
 * person the text mentions (`@name`, see `resolveMentions`) gets one `mention`, everyone else a
 * `comment` or `reply` when their settings ask for comments or replies. Mentions are addressed to
 * the person and are not subject to those settings.
 */
export class CommentNotifier {
  readonly #members: BoardMemberService;
  readonly #accounts: AccountService;
  readonly #notifications: NotificationService;

  constructor(deps: { members: BoardMemberService; accounts: AccountService; notifications: NotificationService }) {
    this.#members = deps.members;
    this.#accounts = deps.accounts;
    this.#notifications = deps.notifications;
  }

  /** Subscribes to `comment.created`; returns the unsubscriber. */
  subscribe(events: DomainEvents): () => void {
    return events.on('comment.created', (event) => this.commented(event.actor, event.board, event.item, event.kind, event.changeKey));
  }

  /**
   * Records the `mention`, `comment` or `reply` notifications of one new comment or reply; with
   * `changeKey` (the event's), once per person however often the change is announced.
   */
  async commented(actor: EventActor, board: BoardRecord, comment: ItemView, kind: 'comment' | 'reply', changeKey?: string): Promise<void> {
    const name = actor.name ?? (await this.#accounts.getUser(actor.userId))?.name ?? 'Someone';
    const readers = (await boardReaders(this.#members, board)).filter((user) => user.id !== actor.userId);
    const text = textOf(comment, kind);
    const mentioned = new Set(resolveMentions(text, readers).map((user) => user.id));
    const settings = await recipientSettings(this.#accounts, readers);
    for (const reader of readers) {
      const isMention = mentioned.has(reader.id);
      const events = settings.get(reader.id)?.events;
      if (!isMention && !(kind === 'comment' ? events?.comments : events?.replies)) continue;
      await this.#notifications.notify({
        userId: reader.id,
        workspaceId: reader.workspaceId,
        kind: isMention ? 'mention' : kind,
        title: isMention
          ? `${name} mentioned you in a ${kind} on ${board.title}`
          : kind === 'comment'
            ? `${name} commented on ${board.title}`
            : `${name} replied on ${board.title}`,
        body: text.slice(0, 280),
        boardId: board.id,
        itemId: comment.id,
        actorId: actor.userId,
        ...(changeKey === undefined ? {} : { changeKey }),
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
