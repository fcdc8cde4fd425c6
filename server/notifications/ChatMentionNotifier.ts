import type { Collection, Database } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { BoardMemberService } from '../boards/BoardMemberService.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import { boardReaders } from './boardReaders.js';
import { resolveMentions } from './mentions.js';
import type { NotificationService } from './NotificationService.js';

/**
 * `mention` notifications from board chat: each person who can read the board and whom a message
 * mentions (`@name`, see `resolveMentions`) gets one, never its author.
 */
export class ChatMentionNotifier {
  readonly #boards: Collection<BoardRecord>;
  readonly #members: BoardMemberService;
  readonly #notifications: NotificationService;

  constructor(db: Database, deps: { members: BoardMemberService; notifications: NotificationService }) {
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#members = deps.members;
    this.#notifications = deps.notifications;
  }

  /** Subscribes to `chat.message.created`; returns the unsubscriber. */
  subscribe(events: DomainEvents): () => void {
    return events.on('chat.message.created', (event) => this.posted(event.message, event.changeKey));
  }

  /** Records a `mention` for each reader of the board the message mentions; with `changeKey` (the event's), once per person however often the post is announced. */
  async posted(message: { id: string; boardId: string; author: { id: string; name: string }; text: string }, changeKey?: string): Promise<void> {
    if (!message.text.includes('@')) return;
    const board = await this.#boards.get(message.boardId);
    if (!board) return;
    const readers = (await boardReaders(this.#members, board)).filter((user) => user.id !== message.author.id);
    for (const person of resolveMentions(message.text, readers)) {
      await this.#notifications.notify({
        userId: person.id,
        workspaceId: person.workspaceId,
        kind: 'mention',
        title: `${message.author.name} mentioned you in the chat of ${board.title}`,
        body: message.text.slice(0, 280),
        boardId: board.id,
        itemId: null,
        actorId: message.author.id,
        ...(changeKey === undefined ? {} : { changeKey }),
      });
    }
  }
}
