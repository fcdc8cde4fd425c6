import type { CollectionSpec } from '../Collection.js';

/**
 * Changes to one board gathered for `board_update` notifications: the first change opens the
 * window, every change until `dueAt` joins it, and the sweep after `dueAt` turns it into one
 * notification per reader.
 */
export interface BoardUpdateWindowRecord {
  /** `<boardId>:<openedAt>`; also the seed of the notifications' ids, so a re-run makes no second one. */
  id: string;
  boardId: string;
  workspaceId: string;
  /** The people who changed the board in the window, in order of their first change (at most 20). */
  actorIds: string[];
  openedAt: number;
  dueAt: number;
}

/**
 * A board-update window that closed (its notifications are recorded), kept for a day: a change
 * announced again after its window closed (a write's events replayed from the journal) finds the
 * window that covered its time here and makes no second notification.
 */
export interface ClosedBoardUpdateWindowRecord {
  /** The window's id. */
  id: string;
  boardId: string;
  openedAt: number;
  dueAt: number;
}

/** Where a notification digest email is. */
export type NotificationDigestState = 'sending' | 'sent' | 'failed' | 'interrupted';

/**
 * One notification email (a digest of a person's unread notifications). Written with state
 * `sending` before the mail is handed to the mailer, so a restart never sends it again: a row
 * still `sending` at start-up becomes `interrupted` (at most once per notification).
 */
export interface NotificationDigestRecord {
  id: string;
  userId: string;
  /** The address the digest went to. */
  email: string;
  notificationIds: string[];
  state: NotificationDigestState;
  createdAt: number;
  settledAt: number | null;
}

/** Collections of the notification aggregate (notifications themselves are in `accountCollections`). */
export const notificationCollections = {
  boardUpdateWindows: { name: 'notification_board_windows', indexes: [{ fields: ['boardId', 'dueAt'] }, { fields: ['dueAt'] }] },
  closedBoardUpdateWindows: { name: 'notification_board_windows_closed', indexes: [{ fields: ['boardId', 'dueAt'] }, { fields: ['dueAt'] }] },
  digests: { name: 'notification_digests', indexes: [{ fields: ['userId', 'createdAt'] }, { fields: ['state'] }] },
} as const satisfies Record<string, CollectionSpec>;
