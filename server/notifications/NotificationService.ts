import type { Clock, Collection, Database, Filter } from '../../storage/index.js';
import { DuplicateKeyError, newId } from '../../storage/index.js';
import type { NotificationRecord, WorkspaceRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import { errors } from '../errors.js';
import type { Page } from '../pagination.js';
import { decodeCursor, encodeCursor } from '../pagination.js';

/** What to notify a person of. */
export type NewNotification = Omit<NotificationRecord, 'id' | 'createdAt' | 'readAt' | 'emailState' | 'digestId'>;

/** Who shared what with whom, as a `share` notification tells it. */
export interface ShareNotice {
  person: { id: string; workspaceId: string };
  actor: { id: string; name: string | undefined };
  resource: { type: 'space' | 'board'; name: string; boardId: string | null };
  role: string;
}

/** The notification stream of each person. */
export class NotificationService {
  readonly #notifications: Collection<NotificationRecord>;
  readonly #workspaces: Collection<WorkspaceRecord>;
  readonly #clock: Clock;

  constructor(db: Database, clock: Clock) {
    this.#notifications = db.collection<NotificationRecord>(accountCollections.notifications);
    this.#workspaces = db.collection<WorkspaceRecord>(accountCollections.workspaces);
    this.#clock = clock;
  }

  /**
   * Records a notification for a person; it waits for their next digest email (`emailState:
   * 'pending'`). With `changeKey`, a change the person was notified of already keeps its one
   * notification, which is returned.
   */
  async notify(input: NewNotification): Promise<NotificationRecord> {
    const record = this.#record(newId('ntf'), input);
    try {
      await this.#notifications.insert(record);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError) || input.changeKey === undefined) throw error;
      return (await this.#notifications.findOne({ userId: input.userId, changeKey: input.changeKey })) ?? record;
    }
    return record;
  }

  /**
   * Records a notification under an id derived from what caused it; false when that id is stored
   * already, so a sweep re-run after a crash makes no second notification.
   */
  async notifyOnce(id: string, input: NewNotification): Promise<boolean> {
    try {
      await this.#notifications.insert(this.#record(id, input));
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  #record(id: string, input: NewNotification): NotificationRecord {
    return { ...input, id, createdAt: this.#clock.now(), readAt: null, emailState: 'pending', digestId: null };
  }

  /**
   * Tells a person that someone shared a space or board with them (a `share` notification),
   * unless the settings of their own workspace turn share notifications off (then null).
   */
  async shared(input: ShareNotice): Promise<NotificationRecord | null> {
    const notice = await this.shareNotice(input);
    return notice === null ? null : this.notify(notice);
  }

  /** The `share` notification `shared` would record, or null when the person's workspace turns them off (for a caller that journals it first). */
  async shareNotice(input: ShareNotice): Promise<NewNotification | null> {
    const { person, actor, resource, role } = input;
    const workspace = await this.#workspaces.get(person.workspaceId);
    if (workspace && !workspace.notificationSettings.events.shares) return null;
    return {
      userId: person.id,
      workspaceId: person.workspaceId,
      kind: 'share',
      title: `${actor.name ?? 'Someone'} shared the ${resource.type} "${resource.name}" with you`,
      body: resource.type === 'space' ? `You can now open its boards as ${role}.` : `You can now open it as ${role}.`,
      boardId: resource.boardId,
      itemId: null,
      actorId: actor.id,
    };
  }

  /** A page of the person's notifications, newest first; `unreadOnly` filters read ones out. */
  async list(
    userId: string,
    options: { limit: number; cursor?: string | undefined; unreadOnly?: boolean | undefined },
  ): Promise<Page<NotificationRecord> & { unreadCount: number }> {
    const base: Filter<NotificationRecord> = { userId };
    if (options.unreadOnly) base.readAt = null;
    const filter: Filter<NotificationRecord> = { ...base };
    if (options.cursor) {
      const after = decodeCursor(options.cursor);
      filter.$or = [{ createdAt: { $lt: after.k as number } }, { createdAt: after.k as number, id: { $lt: after.id } }];
    }
    const rows = await this.#notifications.find(filter, {
      sort: [
        ['createdAt', -1],
        ['id', -1],
      ],
      limit: options.limit + 1,
    });
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      data: page,
      nextCursor: rows.length > options.limit && last ? encodeCursor({ k: last.createdAt, id: last.id }) : null,
      unreadCount: await this.#notifications.count({ userId, readAt: null }),
    };
  }

  /** Marks one of the person's notifications read (idempotent); 404 when it is not theirs. */
  async markRead(userId: string, notificationId: string): Promise<NotificationRecord> {
    const existing = await this.#notifications.findOne({ id: notificationId, userId });
    if (!existing) throw errors.notFound('Notification');
    if (existing.readAt !== null) return existing;
    return (
      (await this.#notifications.updateOne({ id: notificationId, readAt: null }, { $set: { readAt: this.#clock.now() } })) ??
      ((await this.#notifications.get(notificationId)) as NotificationRecord)
    );
  }
}
