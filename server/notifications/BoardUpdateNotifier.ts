import { createHash } from 'node:crypto';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { sharedDurability } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { BoardUpdateWindowRecord, ClosedBoardUpdateWindowRecord } from '../../storage/schema/notifications.js';
import { notificationCollections } from '../../storage/schema/notifications.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { BoardMemberService } from '../boards/BoardMemberService.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import { RecentMap } from '../RecentMap.js';
import { boardReaders } from './boardReaders.js';
import type { NotificationService } from './NotificationService.js';
import { recipientSettings } from './recipientSettings.js';

/** People named per window; later editors still count for "not your own change" but are not listed. */
const maxActorsPerWindow = 20;
/** Windows one sweep closes; the rest wait for the next sweep. */
const windowsPerSweep = 200;
/** How long a closed window is kept for changes announced again after it closed (journal replays come within minutes). */
const closedWindowRetentionMs = 24 * 3_600_000;

/** Dependencies of `BoardUpdateNotifier`. */
export interface BoardUpdateNotifierOptions {
  db: Database;
  clock: Clock;
  accounts: AccountService;
  members: BoardMemberService;
  notifications: NotificationService;
  /** Length of a board's window of changes (the quiet period), ms. */
  quietPeriodMs: number;
}

/**
 * `board_update` notifications, coalesced: the first change to a board (a REST write, a batch, a
 * live edit or a change of its record) opens a window of `quietPeriodMs`; later changes join it.
 * When the window has closed, `flushDue` gives each person who can read the board then, whose
 * settings ask for board updates and who made not every change in it themselves, one
 * notification naming the others who changed it. So a person gets at most one per board per
 * quiet period, never for their own changes, and never after losing access.
 *
 * Windows are stored (`notification_board_windows`), so changes survive a restart; a window's
 * notifications have ids derived from the window, so a sweep re-run after a crash between
 * notifying and deleting the window makes no duplicates. A closed window is kept a day
 * (`notification_board_windows_closed`): a change whose time it covered, announced again after it
 * closed (a write's events replayed from the journal carry their first `at`), joins nothing and
 * makes no second notification.
 */
export class BoardUpdateNotifier {
  readonly #o: BoardUpdateNotifierOptions;
  readonly #windows: Collection<BoardUpdateWindowRecord>;
  readonly #closed: Collection<ClosedBoardUpdateWindowRecord>;
  readonly #boards: Collection<BoardRecord>;
  /**
   * The open window of each board this process has seen a change of lately (null: none open),
   * which spares a read per change of a busy board; a board quiet for a minute or two is read
   * again at its next change.
   */
  readonly #open = new RecentMap<string, BoardUpdateWindowRecord | null>(60_000);
  /** Per board, the change being recorded, so changes of one board are recorded one at a time. */
  readonly #queue = new Map<string, Promise<void>>();

  constructor(options: BoardUpdateNotifierOptions) {
    this.#o = options;
    this.#windows = options.db.collection<BoardUpdateWindowRecord>(notificationCollections.boardUpdateWindows);
    this.#closed = options.db.collection<ClosedBoardUpdateWindowRecord>(notificationCollections.closedBoardUpdateWindows);
    this.#boards = options.db.collection<BoardRecord>(boardCollections.boards);
  }

  /**
   * Subscribes to content changes (`board.changed` of kind content) and record changes
   * (`board.updated`). Listeners do not make the write wait: a window is not acknowledged to
   * anyone, and REST writes and live edits stay as fast as without notifications; `flushDue`
   * first waits for the changes still being recorded.
   */
  subscribe(events: DomainEvents): () => void {
    const record = (boardId: string, workspaceId: string, userId: string, at: number): void => {
      void this.changed(boardId, workspaceId, userId, at).catch(() => undefined);
    };
    const offContent = events.on('board.changed', (event) => {
      if (event.kind === 'content') record(event.boardId, event.workspaceId, event.actor.userId, event.at);
    });
    const offRecord = events.on('board.updated', (event) => record(event.boardId, event.workspaceId, event.actor.userId, event.at));
    return () => {
      offContent();
      offRecord();
    };
  }

  /** Records that a person changed a board at `at` (ms): opens the board's window or joins the open one. */
  async changed(boardId: string, workspaceId: string, userId: string, at: number): Promise<void> {
    const previous = this.#queue.get(boardId) ?? Promise.resolve();
    const next = previous.then(() => this.#record(boardId, workspaceId, userId, at));
    const settled = next.catch(() => undefined);
    this.#queue.set(boardId, settled);
    void settled.then(() => {
      if (this.#queue.get(boardId) === settled) this.#queue.delete(boardId);
    });
    await next;
  }

  /**
   * Window writes happen on every change of a board, so they share the store's next fsync
   * instead of waiting for one: a window survives a crash of the process at once, and a power
   * loss within the background fsync delay (tens of ms) can lose the change that opened or joined it.
   */
  async #record(boardId: string, workspaceId: string, userId: string, now: number): Promise<void> {
    // A change from before the quiet period (announced again): its window may have closed and notified already.
    if (now + this.#o.quietPeriodMs <= this.#o.clock.now() && (await this.#closedAt(boardId, now))) return;
    let open = this.#open.get(boardId);
    if (open === undefined) open = await this.#windows.findOne({ boardId, dueAt: { $gt: now } });
    if (open && open.dueAt <= now) open = null;
    if (!open) {
      const window: BoardUpdateWindowRecord = { id: `${boardId}:${now}`, boardId, workspaceId, actorIds: [userId], openedAt: now, dueAt: now + this.#o.quietPeriodMs };
      await this.#windows.put(window, sharedDurability);
      this.#open.set(boardId, window);
      return;
    }
    this.#open.set(boardId, open);
    if (open.actorIds.includes(userId) || open.actorIds.length >= maxActorsPerWindow) return;
    const actorIds = [...open.actorIds, userId];
    this.#open.set(boardId, { ...open, actorIds });
    await this.#windows.updateOne({ id: open.id }, { $set: { actorIds } }, sharedDurability);
  }

  /** Whether a closed window of the board covered the time `at`. */
  async #closedAt(boardId: string, at: number): Promise<boolean> {
    const closed = await this.#closed.find({ boardId, dueAt: { $gt: at } });
    return closed.some((window) => window.openedAt <= at);
  }

  /** Closes every window past its quiet period and records its notifications; resolves with how many windows closed. */
  async flushDue(): Promise<number> {
    await Promise.all([...this.#queue.values()]);
    const now = this.#o.clock.now();
    const due = await this.#windows.find({ dueAt: { $lte: now } }, { sort: [['dueAt', 1]], limit: windowsPerSweep });
    // Closed windows are only added here, so they are pruned here too, when a sweep closes some: an idle sweep writes nothing.
    if (due.length > 0) await this.#closed.deleteMany({ dueAt: { $lte: now - closedWindowRetentionMs } });
    for (const window of due) {
      await this.#notify(window);
      await this.#closed.put({ id: window.id, boardId: window.boardId, openedAt: window.openedAt, dueAt: window.dueAt }, sharedDurability);
      await this.#windows.deleteMany({ id: window.id });
      if (this.#open.get(window.boardId)?.id === window.id) this.#open.delete(window.boardId);
    }
    return due.length;
  }

  async #notify(window: BoardUpdateWindowRecord): Promise<void> {
    const board = await this.#boards.get(window.boardId);
    if (!board) return;
    const readers = await boardReaders(this.#o.members, board);
    const settings = await recipientSettings(this.#o.accounts, readers);
    const actors = await this.#o.accounts.getUsers(window.actorIds);
    for (const reader of readers) {
      if (!settings.get(reader.id)?.events.boardUpdates) continue;
      const others = window.actorIds.filter((id) => id !== reader.id);
      const firstOther = others[0];
      if (firstOther === undefined) continue;
      const names = others.map((id) => actors.get(id)?.name ?? 'Someone');
      await this.#o.notifications.notifyOnce(notificationId(window.id, reader.id), {
        userId: reader.id,
        workspaceId: reader.workspaceId,
        kind: 'board_update',
        title: `${board.title} was updated`,
        body: `${listNames(names)} changed it.`,
        boardId: board.id,
        itemId: null,
        actorId: firstOther,
      });
    }
  }
}

function notificationId(windowId: string, userId: string): string {
  return `ntf_bu${createHash('sha256').update(`${windowId}\n${userId}`).digest('hex').slice(0, 24)}`;
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'Someone';
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} others`;
}
