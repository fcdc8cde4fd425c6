import type * as Y from 'yjs';
import type { DocumentRegistry } from '../../crdt/index.js';
import { itemsMapName, remoteOrigin } from '../../crdt/index.js';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { TimeOrderedIds, sharedDurability } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { LiveItemChangeRecord } from '../../storage/schema/liveEdits.js';
import { liveEditCollections } from '../../storage/schema/liveEdits.js';
import type { DomainEventLogger, DomainEvents } from '../events/DomainEvents.js';
import { itemChangeKey } from './changeKeys.js';
import { foldItemChanges } from './itemChanges.js';
import { adds, foldInto } from './journaledSteps.js';
import { rowsGoWithUpdates } from './journalRows.js';
import type { JournaledSteps } from './journaledSteps.js';
import { currentItem, itemChangeEvents } from './itemChangeEvents.js';
import type { ItemChangeStep, NetItemChange } from './itemChanges.js';
import { itemStepsOf } from './liveItemSteps.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';
import { byBoard, orphanedRows } from './orphanedRows.js';
import { stepsTheDocumentHolds } from './storedSteps.js';
import type { WriteEventJournal } from './WriteEventJournal.js';

/** Options of `LiveEdits`. */
export interface LiveEditsOptions {
  db: Database;
  documents: Pick<DocumentRegistry, 'open' | 'onLoaded' | 'holdAppends' | 'storeWith'>;
  events: DomainEvents;
  clock: Clock;
  logger: DomainEventLogger;
  /** How long item changes of one board are gathered before their events go out, in ms. Default 1000. */
  coalesceMs?: number;
  /** With several processes: this process's id, stamped on its journal rows, and whether another process runs (`recover` leaves a live one's rows to it). */
  owner?: ProcessOwner | undefined;
  /** The journal of REST writes' events, recovered by `recover` first (one recovery path for both journals). */
  writeEvents?: Pick<WriteEventJournal, 'recover'> | undefined;
}

interface Pending {
  steps: ItemChangeStep[];
  actorId: string;
  /** Journal rows holding these steps, removed once their events are out. */
  journalIds: string[];
  /** Their writes (a store whose writes are asynchronous may still be at it). */
  writes: Promise<void>[];
  journaled: JournaledSteps;
  /** When its window ends (`performance.now()` time). */
  dueAt: number;
}

/** Boards whose workspace is remembered before the memory is cleared. */
const maxRemembered = 10_000;

/** Windows ending within this share of `coalesceMs` of the one that ends now are closed with it: one timer call and one journal delete for all of them. */
const windowSlack = 0.05;

/**
 * Turns live (WebSocket) edits into domain events. Every document message from a writable
 * connection emits `board.changed` (`source: 'live'`) at once; the items it touched are gathered
 * per board for `coalesceMs` and then emitted as one `item.created|updated|deleted` per item
 * (net effect: created-then-deleted emits nothing), so a keystroke stream gives one event per item
 * per second or so. Item changes are read from the document's own observer, added as each board
 * loads (so the first message on a freshly loaded board is seen too); it sees every transaction
 * that is not a REST write (whose origin is an `Actor`) nor another process's update applied here
 * (`remoteOrigin`: that process emits its events). Changes are attributed to the last person
 * whose message was applied in the turn.
 *
 * Durability: the changes of each turn are written to a journal (`live_item_changes`) in the
 * event-loop turn that stored the edit (on sqlite, synchronously right after the update's
 * append; on PostgreSQL in the update's append, one commit for both; on MongoDB the update's
 * append waits until the row is stored; on both the append is held until the turn's rows are
 * known: `DocumentRegistry.holdAppends`), and removed once their events are emitted; a turn that adds nothing to what
 * the window's rows say writes none (`adds`). A crash inside the coalescing
 * window leaves the rows, and `recover()` at the next start emits the events of the changes the
 * stored document bears out (on MongoDB a row can be stored without its update). So every
 * acknowledged live edit has its item events, at least once: a crash between emitting and
 * removing the rows emits them again, and so does an edit that two processes both took as new (a
 * client that resends it to another process after its first one died before relaying it). Each
 * event carries a `changeKey` that names the change alike in every process, and the webhook
 * outbox keeps one delivery per key and webhook.
 */
export class LiveEdits {
  readonly #o: LiveEditsOptions;
  readonly #boards: Collection<BoardRecord>;
  readonly #journal: Collection<LiveItemChangeRecord>;
  readonly #ids = new TimeOrderedIds('lic_');
  readonly #workspaceOf = new Map<string, string>();
  readonly #lastEditor = new Map<string, string>();
  /** Steps observed in the current event-loop turn, per board; journaled at the end of the turn. */
  readonly #turn = new Map<string, ItemChangeStep[]>();
  /** On a store whose writes complete after their call returns: per board edited this turn, what lets its appends go once its row is stored. */
  readonly #turnHolds = new Map<string, () => void>();
  /** Open windows, by board, in the order they opened (so in the order they end: every window lasts `coalesceMs`). */
  readonly #pending = new Map<string, Pending>();
  /** The one timer that closes the windows due, set for the first window open. */
  #timer: NodeJS.Timeout | undefined;
  readonly #coalesceMs: number;
  readonly #stopLoading: () => void;

  /** Whether a row goes in the append of its turn's update (`DocumentStore.appendsRecords`) rather than before it. */
  readonly #rowsWithUpdates: boolean;

  constructor(options: LiveEditsOptions) {
    this.#o = options;
    this.#rowsWithUpdates = rowsGoWithUpdates(options.db);
    this.#boards = options.db.collection<BoardRecord>(boardCollections.boards);
    this.#journal = options.db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
    this.#coalesceMs = options.coalesceMs ?? 1_000;
    this.#stopLoading = options.documents.onLoaded((boardId, doc) => this.#observe(boardId, doc));
  }

  /** Call when a writable connection sent a document message to `boardId` (the gateway's `onEdit`). */
  edited(boardId: string, userId: string): void {
    this.#lastEditor.set(boardId, userId);
    // The board's workspace is known after its first message: the event goes out now, without an async step per message.
    const known = this.#workspaceOf.get(boardId);
    if (known !== undefined) {
      this.#boardChanged(known, boardId, userId);
      return;
    }
    this.#run(boardId, async () => {
      const workspaceId = await this.#workspace(boardId);
      if (workspaceId !== null) this.#boardChanged(workspaceId, boardId, userId);
    });
  }

  /** Emits `board.changed` of a live edit (`emit` never rejects). */
  #boardChanged(workspaceId: string, boardId: string, userId: string): void {
    void this.#o.events.emit('board.changed', { workspaceId, boardId, actor: { userId }, at: this.#o.clock.now(), kind: 'content', source: 'live' });
  }

  /**
   * Emits the item events of live edits whose journal rows a previous process left (it stopped
   * before their events went out), then removes the rows; first those of REST writes
   * (`WriteEventJournal.recover`, when given). Call once at start-up, after every
   * subscriber is on the bus and before live connections are accepted; resolves with the number
   * of rows replayed. With several processes, the rows of a process still running are left to it.
   */
  async recover(): Promise<number> {
    const writes = (await this.#o.writeEvents?.recover()) ?? 0;
    const rows = await orphanedRows(await this.#journal.find({}, { sort: [['id', 1]] }), this.#o.owner);
    for (const [boardId, list] of byBoard(rows)) {
      const last = list[list.length - 1]!;
      try {
        await this.#emitItems(boardId, list.flatMap((row) => row.steps), last.actorId, true);
      } catch (error) {
        this.#o.logger.error({ err: error, boardId }, 'live edit events could not be recovered');
      }
      await this.#journal.deleteMany({ id: { $in: list.map((row) => row.id) } });
    }
    return writes + rows.length;
  }

  /** Emits what is gathered now, stops the timers and stops observing boards loaded later. */
  async close(): Promise<void> {
    this.#stopLoading();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#flush([...this.#pending.keys()]);
  }

  /** Boards this keeps anything of: an open coalescing window, or a loaded document's last live editor or workspace. */
  heldBoards(): number {
    return new Set([...this.#lastEditor.keys(), ...this.#workspaceOf.keys(), ...this.#pending.keys(), ...this.#turn.keys()]).size;
  }

  #run(boardId: string, fn: () => Promise<void>): void {
    fn().catch((error: unknown) => this.#o.logger.error({ err: error, boardId }, 'live edit events failed'));
  }

  async #workspace(boardId: string): Promise<string | null> {
    const known = this.#workspaceOf.get(boardId);
    if (known !== undefined) return known;
    const board = await this.#boards.get(boardId);
    if (board === null) return null;
    if (this.#workspaceOf.size >= maxRemembered) this.#workspaceOf.clear();
    this.#workspaceOf.set(boardId, board.workspaceId);
    return board.workspaceId;
  }

  #observe(boardId: string, doc: Y.Doc): void {
    // Nothing of a board is kept once its document is unloaded (a window still open reads the workspace again).
    doc.once('destroy', () => {
      this.#lastEditor.delete(boardId);
      this.#workspaceOf.delete(boardId);
    });
    const items = doc.getMap(itemsMapName);
    items.observeDeep((events, transaction) => {
      // Another process took that edit and emits its events (each change makes one set of events).
      if (isRestWrite(transaction.origin) || transaction.origin === remoteOrigin) return;
      const steps = itemStepsOf(events, items);
      if (steps.length > 0) this.#stage(boardId, steps);
    });
  }

  /**
   * Collects a transaction's steps; at the end of the turn (a microtask: after the room has told
   * `edited` who sent the messages it applied) they are journaled and gathered.
   */
  #stage(boardId: string, steps: ItemChangeStep[]): void {
    const turn = this.#turn.get(boardId);
    if (turn !== undefined) {
      turn.push(...steps);
      return;
    }
    if (this.#turn.size === 0) queueMicrotask(() => this.#journalTurn());
    this.#turn.set(boardId, steps);
    // The update is stored after the row: on another pooled connection it could commit first.
    if (this.#o.db.writesBeforeReturn !== true) this.#o.documents.holdAppends(boardId, new Promise<void>((resolve) => this.#turnHolds.set(boardId, resolve)));
  }

  /** Journals the steps of every board edited this turn, in one commit where the store offers it (`Database.batch`). */
  #journalTurn(): void {
    const boards = [...this.#turn];
    this.#turn.clear();
    // The windows this turn opens end together, whatever the writes cost meanwhile.
    const dueAt = performance.now() + this.#coalesceMs;
    // A turn whose rows would add nothing (`adds`: a drag or a typing run within its window) opens no transaction either.
    const rows: [string, ItemChangeStep[], string][] = [];
    for (const [boardId, steps] of boards) {
      const actorId = this.#lastEditor.get(boardId) ?? 'unknown';
      const pending = this.#pending.get(boardId);
      if (pending !== undefined && !adds(pending.journaled, steps, actorId)) {
        pending.steps.push(...steps);
        pending.actorId = actorId;
        this.#release(boardId, undefined);
      } else rows.push([boardId, steps, actorId]);
    }
    if (rows.length === 0) return;
    const journal = (): void => {
      for (const [boardId, steps, actorId] of rows) {
        const written = this.#journalBoard(boardId, steps, actorId, dueAt);
        // A row in the update's append holds it back no longer: it is stored with it.
        this.#release(boardId, this.#rowsWithUpdates ? undefined : written);
      }
    };
    if (this.#o.db.batch === undefined) journal();
    else this.#o.db.batch(journal);
  }

  /** Lets the board's appends go once `written` settles (at once without a row). */
  #release(boardId: string, written: Promise<void> | undefined): void {
    const release = this.#turnHolds.get(boardId);
    if (release === undefined) return;
    this.#turnHolds.delete(boardId);
    void (written ?? Promise.resolve()).then(release);
  }

  /** Writes the journal row of `steps` and adds them to the board's window (opened now when it has none); resolves once the row's write is over. */
  #journalBoard(boardId: string, steps: ItemChangeStep[], actorId: string, dueAt: number): Promise<void> {
    const pending = this.#pending.get(boardId);
    const at = this.#o.clock.now();
    const id = this.#ids.next(at);
    const write = this.#writeRow({ id, boardId, actorId, steps, at, ...(this.#o.owner === undefined ? {} : { processId: this.#o.owner.processId }) });
    if (pending !== undefined) {
      pending.steps.push(...steps);
      pending.actorId = actorId;
      pending.journalIds.push(id);
      pending.writes.push(write);
      foldInto(pending.journaled.net, steps);
      pending.journaled.actorId = actorId;
      return write;
    }
    const net = new Map<string, NetItemChange>();
    foldInto(net, steps);
    this.#pending.set(boardId, { steps: [...steps], actorId, journalIds: [id], writes: [write], journaled: { net, actorId }, dueAt });
    if (this.#timer === undefined) this.#arm(dueAt);
    return write;
  }

  /**
   * Writes a journal row, resolved once that is over: in the append of the turn's update, one
   * commit for both (PostgreSQL), or on its own, started now (the sqlite store writes it before
   * `insert` returns, in the turn that stored the edit).
   */
  #writeRow(row: LiveItemChangeRecord): Promise<void> {
    const failed = (error?: unknown): void => this.#o.logger.error({ err: error, boardId: row.boardId }, 'live edit changes could not be journaled');
    if (!this.#rowsWithUpdates) return this.#journal.insert(row, sharedDurability).catch(failed);
    const records = [{ collection: liveEditCollections.changes.name, record: row }];
    return new Promise<void>((resolve) => this.#o.documents.storeWith(row.boardId, { records, settled: (stored) => resolve(stored ? undefined : failed()) }));
  }

  /** Sets the one timer for the window ending at `dueAt`. */
  #arm(dueAt: number): void {
    this.#timer = setTimeout(() => this.#closeDue(), Math.max(0, dueAt - performance.now()));
    this.#timer.unref();
  }

  /** Closes the windows due now (and those about to be: `windowSlack`) together, then sets the timer for the next. */
  #closeDue(): void {
    this.#timer = undefined;
    const until = performance.now() + this.#coalesceMs * windowSlack;
    const due: string[] = [];
    let next: number | undefined;
    for (const [boardId, pending] of this.#pending) {
      if (pending.dueAt > until) {
        next = pending.dueAt;
        break;
      }
      due.push(boardId);
    }
    if (next !== undefined) this.#arm(next);
    void this.#flush(due);
  }

  /** Emits the item events of these boards' windows, then removes their journal rows in one delete. */
  async #flush(boardIds: readonly string[]): Promise<void> {
    const closed: [string, Pending][] = [];
    for (const boardId of boardIds) {
      const pending = this.#pending.get(boardId);
      if (pending === undefined) continue;
      this.#pending.delete(boardId);
      closed.push([boardId, pending]);
    }
    if (closed.length === 0) return;
    await Promise.all(
      closed.map(([boardId, pending]) =>
        this.#emitItems(boardId, pending.steps, pending.actorId).catch((error: unknown) => this.#o.logger.error({ err: error, boardId }, 'live edit events failed')),
      ),
    );
    await Promise.all(closed.flatMap(([, pending]) => pending.writes));
    // Without an fsync of its own: rows a power loss brings back only emit their events again.
    await this.#journal
      .deleteMany({ id: { $in: closed.flatMap(([, pending]) => pending.journalIds) } }, sharedDurability)
      .catch((error: unknown) => this.#o.logger.error({ err: error }, 'live edit journal rows could not be removed'));
  }

  /** Emits one item event per item for the net effect of `steps` (`recovered`: of those the stored document bears out), with each item as the document holds it now. */
  async #emitItems(boardId: string, steps: readonly ItemChangeStep[], actorId: string, recovered = false): Promise<void> {
    const workspaceId = await this.#workspace(boardId);
    if (workspaceId === null) return;
    const doc = await this.#o.documents.open(boardId);
    const base = { workspaceId, boardId, actor: { userId: actorId }, at: this.#o.clock.now() };
    const changes = foldItemChanges(recovered ? stepsTheDocumentHolds(steps, (id) => doc.getMap(itemsMapName).has(id)) : steps);
    // Each change named as every process names it: the insertion for a creation or deletion, the item's state for an update.
    for (const event of itemChangeEvents(base, 'live', changes, new Map(), (id) => currentItem(doc, id), (change, id) => itemChangeKey(doc, boardId, change, id))) {
      await this.#o.events.emit(event.type, event.payload as never);
    }
  }
}

/** REST and other service writes run with an `Actor` origin (`{ actorId }`); live updates do not. */
function isRestWrite(origin: unknown): boolean {
  return typeof origin === 'object' && origin !== null && 'actorId' in origin;
}
