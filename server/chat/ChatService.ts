import type { Clock, Collection, Database, Filter } from '../../storage/index.js';
import { TimeOrderedIds } from '../../storage/index.js';
import type { ChatMessageRecord } from '../../storage/schema/chat.js';
import { chatCollections } from '../../storage/schema/chat.js';
import type { AccessService } from '../access/AccessService.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { Principal } from '../auth/Principal.js';
import { KeptMarks } from '../boards/KeptMarks.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import { errors } from '../errors.js';
import type { Page } from '../pagination.js';
import { decodeCursor, encodeCursor } from '../pagination.js';

/** Longest chat message, in characters after trimming. */
export const maxChatMessageChars = 4000;

/** A chat message as callers see it, with its author's current name. */
export interface ChatMessageView {
  id: string;
  boardId: string;
  author: { id: string; name: string };
  text: string;
  createdAt: number;
}

/** Dependencies of `ChatService`. */
export interface ChatServiceOptions {
  access: AccessService;
  accounts: AccountService;
  clock: Clock;
  /** Where a post's `chat.posted` row of the board's feed and its `chat.message.created` are journaled, recorded and emitted. */
  records: RecordEventJournal;
}

const idPrefix = 'msg_';

/**
 * A board's team chat (SPEC Collaboration): readers (viewer and above) list it, commenters and
 * above post. Messages live in storage, not in the board document.
 */
export class ChatService {
  readonly #messages: Collection<ChatMessageRecord>;
  readonly #kept: KeptMarks;
  readonly #o: ChatServiceOptions;
  readonly #ids = new TimeOrderedIds(idPrefix);

  constructor(db: Database, options: ChatServiceOptions) {
    this.#messages = db.collection<ChatMessageRecord>(chatCollections.messages);
    this.#kept = new KeptMarks(db);
    this.#o = options;
  }

  /**
   * Posts `text` (trimmed; 1 to 4000 characters, else 422 naming `text`) as the caller. 404
   * when the board is unknown, in trash or unreadable; 403 below commenter.
   */
  async post(principal: Principal, boardId: string, text: string): Promise<ChatMessageView> {
    const { board } = await this.#o.access.requireBoard(principal.user.id, boardId, 'comment');
    const value = text.trim();
    if (value === '') throw errors.invalid('text', 'must not be empty');
    if (value.length > maxChatMessageChars) throw errors.invalid('text', `must be at most ${maxChatMessageChars} characters`);
    const now = this.#o.clock.now();
    const message: ChatMessageRecord = { id: this.#ids.next(now), boardId: board.id, authorId: principal.user.id, text: value, createdAt: now };
    const view: ChatMessageView = { ...message, author: { id: principal.user.id, name: principal.user.name } };
    const plan = {
      boardId: board.id,
      marked: { collection: 'chatMessages', id: message.id, read: null }, stored: [],
      activity: [{ boardId: board.id, actorId: principal.user.id, action: 'chat.posted', data: { messageId: message.id } }],
      events: [
        {
          type: 'chat.message.created',
          payload: { workspaceId: board.workspaceId, boardId: board.id, actor: { userId: principal.user.id, name: principal.user.name }, at: now, message: view },
        },
      ],
    } as const;
    await this.#o.records.record(plan, (mark) => mark.insert(this.#messages, message));
    return view;
  }

  /**
   * A page of the board's chat, oldest first within the page. The first page holds the `limit`
   * most recent messages; `nextCursor` leads to the messages just before the oldest one of this
   * page (further back in time), null when there are none. 404 as `post`; 422 naming `cursor`
   * for a cursor this list did not make.
   */
  async list(principal: Principal, boardId: string, options: { limit: number; cursor?: string | undefined }): Promise<Page<ChatMessageView>> {
    const { board } = await this.#o.access.requireBoard(principal.user.id, boardId, 'read');
    const filter: Filter<ChatMessageRecord> = { boardId: board.id };
    if (options.cursor !== undefined) {
      const { id } = decodeCursor(options.cursor);
      if (!id.startsWith(idPrefix)) throw errors.invalid('cursor', 'is not a cursor returned by this list');
      filter.id = { $lt: id };
    }
    const newestFirst = await this.#messages.find(filter, { sort: [['id', -1]], limit: options.limit + 1 });
    const page = newestFirst.slice(0, options.limit);
    const oldest = page.at(-1);
    const more = newestFirst.length > options.limit && oldest !== undefined;
    return {
      data: await this.#views(page.reverse()),
      nextCursor: more ? encodeCursor({ k: oldest.createdAt, id: oldest.id }) : null,
    };
  }

  /** Removes a board's whole chat (when the board is deleted for good); returns how many messages. */
  async deleteBoard(boardId: string): Promise<number> {
    return this.#kept.deleteMany(this.#messages, { boardId });
  }

  async #views(messages: readonly ChatMessageRecord[]): Promise<ChatMessageView[]> {
    const people = await this.#o.accounts.getUsers([...new Set(messages.map((m) => m.authorId))]);
    return messages.map((m) => ({ id: m.id, boardId: m.boardId, authorId: m.authorId, text: m.text, createdAt: m.createdAt, author: { id: m.authorId, name: people.get(m.authorId)?.name ?? 'Unknown' } }));
  }

}
