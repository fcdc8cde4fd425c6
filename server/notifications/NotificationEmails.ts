import type { Logger } from 'pino';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { NotificationRecord, UserRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import type { NotificationDigestRecord } from '../../storage/schema/notifications.js';
import { notificationCollections } from '../../storage/schema/notifications.js';
import type { AccessService } from '../access/AccessService.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { Mailer } from '../signin/Mailer.js';
import type { UnsubscribeLinks } from './UnsubscribeLinks.js';

/** Pending notifications one sweep reads; people beyond them wait for the next sweep. */
const pendingPerSweep = 500;
/** Notifications listed in one email; the rest are counted. */
const listedPerEmail = 20;

/** Dependencies of `NotificationEmails`. */
export interface NotificationEmailsOptions {
  db: Database;
  clock: Clock;
  accounts: AccountService;
  access: AccessService;
  mailer: Mailer;
  links: UnsubscribeLinks;
  logger: Logger;
  publicUrl: string;
  /** How long a person's oldest pending notification waits before their digest goes out (the email quiet period), ms. */
  periodMs: number;
}

/**
 * Notification emails: one digest per person per quiet period listing their unread notifications.
 * A notification waits (`emailState: 'pending'`) until the oldest pending one of its person is
 * `periodMs` old; then `sendDue` mails the person one digest of every pending notification that
 * is still unread and whose board they can still read, when their settings ask for notification
 * emails (`emailEnabled` of their own workspace). The rest are marked `skipped` and never mailed,
 * also when emails are turned on later.
 *
 * Delivery is at most once: the digest row (state `sending`) and the notifications' `emailed`
 * mark are stored before the mail is handed to the mailer, so a restart never sends a digest
 * twice. A crash in between loses that email (its row turns `interrupted` at the next start;
 * the notifications stay in the person's stream). A mailer error puts the notifications back to
 * `pending` for the next sweep and marks the digest `failed`.
 */
export class NotificationEmails {
  readonly #o: NotificationEmailsOptions;
  readonly #notifications: Collection<NotificationRecord>;
  readonly #digests: Collection<NotificationDigestRecord>;

  constructor(options: NotificationEmailsOptions) {
    this.#o = options;
    this.#notifications = options.db.collection<NotificationRecord>(accountCollections.notifications);
    this.#digests = options.db.collection<NotificationDigestRecord>(notificationCollections.digests);
  }

  /** Marks digests a crash left `sending` as `interrupted` (they are not sent again); resolves with how many. */
  async recover(): Promise<number> {
    const now = this.#o.clock.now();
    const count = await this.#digests.updateMany({ state: 'sending' }, { $set: { state: 'interrupted', settledAt: now } });
    if (count > 0) this.#o.logger.warn({ digests: count }, 'notification emails interrupted by a restart were not sent again');
    return count;
  }

  /** Sends the digests that are due; resolves with how many emails went out. */
  async sendDue(): Promise<number> {
    const cutoff = this.#o.clock.now() - this.#o.periodMs;
    const due = await this.#notifications.find({ emailState: 'pending', createdAt: { $lte: cutoff } }, { sort: [['createdAt', 1]], limit: pendingPerSweep });
    let sent = 0;
    for (const userId of new Set(due.map((n) => n.userId))) {
      if (await this.#digest(userId)) sent += 1;
    }
    return sent;
  }

  /** The digests stored for a person, newest first (for operators and tests). */
  async digestsOf(userId: string): Promise<NotificationDigestRecord[]> {
    return this.#digests.find({ userId }, { sort: [['createdAt', -1]], limit: 100 });
  }

  async #digest(userId: string): Promise<boolean> {
    const pending = await this.#notifications.find({ userId, emailState: 'pending' }, { sort: [['createdAt', -1]], limit: pendingPerSweep });
    const user = await this.#o.accounts.getUser(userId);
    const emailEnabled = user ? (await this.#o.accounts.getWorkspace(user.workspaceId).catch(() => null))?.notificationSettings.emailEnabled : false;
    const include: NotificationRecord[] = [];
    if (user && emailEnabled) {
      const readable = new Map<string, boolean>();
      for (const n of pending) {
        if (n.readAt !== null) continue;
        if (n.boardId !== null && !readable.has(n.boardId)) readable.set(n.boardId, await this.#o.access.canRead(userId, n.boardId));
        if (n.boardId === null || readable.get(n.boardId)) include.push(n);
      }
    }
    const included = new Set(include.map((n) => n.id));
    const skipped = pending.filter((n) => !included.has(n.id)).map((n) => n.id);
    if (skipped.length > 0) await this.#notifications.updateMany({ id: { $in: skipped }, emailState: 'pending' }, { $set: { emailState: 'skipped' } });
    if (!user || include.length === 0) return false;
    return this.#send(user, include);
  }

  async #send(user: UserRecord, include: NotificationRecord[]): Promise<boolean> {
    const now = this.#o.clock.now();
    const ids = include.map((n) => n.id);
    const digest: NotificationDigestRecord = { id: newId('dig'), userId: user.id, email: user.email, notificationIds: ids, state: 'sending', createdAt: now, settledAt: null };
    await this.#digests.insert(digest);
    await this.#notifications.updateMany({ id: { $in: ids }, emailState: 'pending' }, { $set: { emailState: 'emailed', digestId: digest.id } });
    const unsubscribe = await this.#o.links.link(user);
    try {
      await this.#o.mailer.send({
        to: user.email,
        subject: include.length === 1 ? `Boards: ${include[0]?.title ?? 'a new notification'}` : `Boards: ${include.length} new notifications`,
        text: this.#text(user, include, unsubscribe),
        // RFC 2369 and RFC 8058: mail clients offer one-click unsubscribe by POSTing `List-Unsubscribe=One-Click` to the link.
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (error) {
      this.#o.logger.error({ err: error, userId: user.id, digestId: digest.id }, 'notification email failed; it is tried again at the next sweep');
      await this.#notifications.updateMany({ digestId: digest.id, emailState: 'emailed' }, { $set: { emailState: 'pending', digestId: null } });
      await this.#digests.updateOne({ id: digest.id }, { $set: { state: 'failed', settledAt: this.#o.clock.now() } });
      return false;
    }
    await this.#digests.updateOne({ id: digest.id }, { $set: { state: 'sent', settledAt: this.#o.clock.now() } });
    return true;
  }

  #text(user: UserRecord, include: readonly NotificationRecord[], unsubscribe: string): string {
    const lines = [`Hello ${user.name},`, '', include.length === 1 ? 'You have a new notification on Boards:' : `You have ${include.length} new notifications on Boards:`, ''];
    for (const n of include.slice(0, listedPerEmail)) {
      lines.push(`- ${n.title}`);
      if (n.body) lines.push(`  ${n.body.replace(/\s+/g, ' ').slice(0, 200)}`);
      if (n.boardId) lines.push(`  ${this.#o.publicUrl}/boards/${encodeURIComponent(n.boardId)}`);
    }
    if (include.length > listedPerEmail) lines.push(`... and ${include.length - listedPerEmail} more.`);
    lines.push('', `All notifications: ${this.#o.publicUrl}/`, '', `You get this email because notification emails are on for your workspace. To stop them, open: ${unsubscribe}`);
    return lines.join('\n');
  }
}
