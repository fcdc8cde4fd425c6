import type { Logger } from 'pino';
import type { Clock, Database } from '../../storage/index.js';
import type { AccessService } from '../access/AccessService.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { BoardMemberService } from '../boards/BoardMemberService.js';
import type { Config } from '../config.js';
import type { SingletonLease } from '../cluster/SingletonLease.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { Mailer } from '../signin/Mailer.js';
import type { SessionService } from '../signin/SessionService.js';
import { BoardUpdateNotifier } from './BoardUpdateNotifier.js';
import { ChatMentionNotifier } from './ChatMentionNotifier.js';
import { CommentNotifier } from './CommentNotifier.js';
import { NotificationEmails } from './NotificationEmails.js';
import type { NotificationService } from './NotificationService.js';
import { NotificationSweeper } from './NotificationSweeper.js';
import { UnsubscribeLinks } from './UnsubscribeLinks.js';

/** The notification producers and emails, wired. */
export interface NotificationServices {
  readonly boardUpdates: BoardUpdateNotifier;
  readonly emails: NotificationEmails;
  readonly unsubscribe: UnsubscribeLinks;
  /** Closes board update windows and sends digests; `start` it once the store is ready. */
  readonly sweeper: NotificationSweeper;
}

/**
 * Subscribes the notification producers to the event bus (comments, replies and mentions in
 * comments; mentions in chat; coalesced board updates) and builds the digest emails and their
 * unsubscribe links. The sweeper is not started.
 */
export function createNotificationServices(options: {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  events: DomainEvents;
  accounts: AccountService;
  access: AccessService;
  members: BoardMemberService;
  notifications: NotificationService;
  mailer: Mailer;
  sessions: SessionService;
  /** Of several processes, the one holding it sweeps; default none (this process does). */
  lease?: SingletonLease;
}): NotificationServices {
  const { config, db, clock, logger, events, accounts, members, notifications } = options;
  new CommentNotifier({ members, accounts, notifications }).subscribe(events);
  new ChatMentionNotifier(db, { members, notifications }).subscribe(events);
  const boardUpdates = new BoardUpdateNotifier({ db, clock, accounts, members, notifications, quietPeriodMs: config.notifications.boardUpdateQuietMs });
  boardUpdates.subscribe(events);
  const unsubscribe = new UnsubscribeLinks({ sessions: options.sessions, accounts, publicUrl: config.publicUrl });
  const emails = new NotificationEmails({
    db,
    clock,
    accounts,
    access: options.access,
    mailer: options.mailer,
    links: unsubscribe,
    logger,
    publicUrl: config.publicUrl,
    periodMs: config.notifications.emailDigestMs,
  });
  const shortest = Math.min(config.notifications.boardUpdateQuietMs, config.notifications.emailDigestMs);
  // Sweep often enough that nothing waits much past its period, but at most every second and at least every 30 s.
  const sweeper = new NotificationSweeper({ boardUpdates, emails, logger, lease: options.lease }, Math.min(30_000, Math.max(1_000, Math.floor(shortest / 4))));
  return { boardUpdates, emails, unsubscribe, sweeper };
}
