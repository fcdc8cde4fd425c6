import { setImmediate as nextTurn } from 'node:timers/promises';
import type * as Y from 'yjs';
import type { Actor, ChangeMark, DocumentRegistry, RecordsWithUpdate, TransactOptions } from '../../crdt/index.js';
import { afterChange, storedChanges } from '../../crdt/index.js';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { TimeOrderedIds, sharedDurability } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { WriteEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';
import type { DomainEventLogger, DomainEvents } from '../events/DomainEvents.js';
import type { DomainEventType, PlannedEvent } from '../events/eventTypes.js';
import { JournalRemovals } from './JournalRemovals.js';
import type { StoredEvents } from './journalRows.js';
import { replayedEvents, rowsGoWithUpdates, storedEvents, storedEventsInSlices } from './journalRows.js';
import { byBoard, orphanedRows } from './orphanedRows.js';

export type { PlannedEvent };

/**
 * The events of a write, planned from its result and its document right after its transaction:
 * `journalId` names the write alike in every emission (for the change keys of events that are not
 * about one item's state).
 */
export type EventPlan<T> = (result: T, doc: Y.Doc, journalId: string) => PlannedEvent[];

/** Options of `WriteEventJournal`. */
export interface WriteEventJournalOptions {
  db: Database;
  documents: Pick<DocumentRegistry, 'transact' | 'whenPersisted' | 'open'>;
  events: DomainEvents;
  clock: Clock;
  logger: DomainEventLogger;
  /** With several processes: this process's id, stamped on its rows, and whether another process runs (`recover` leaves a live one's rows to it). */
  owner?: ProcessOwner | undefined;
}

/** Options of a write's transaction on a store that writes the row before its insert returns. */
const storedOnly = Object.freeze({ wait: 'stored' } as const);

/** Events emitted per event-loop turn by one write (a batch emits up to a hundred and one). */
const eventsPerTurn = 200;

/** Milliseconds of a created board's row (a copy's: an entry per item) built per event-loop turn. */
const rowMsPerTurn = 8;

/** What a write staged inside its transaction. */
interface Staged {
  events: PlannedEvent[] | null;
  /** The journal row, when it was written (its write may still be under way on a store whose writes are asynchronous). */
  row: WriteEventsRecord | null;
  written: Promise<boolean>;
  /** The row, to be appended with the update in one transaction (a store whose `appendsRecords` is true); its append settles `written`. */
  withUpdate?: RecordsWithUpdate;
}

/**
 * Makes the domain events of a service write to a board document (REST item writes, AI writes,
 * and with `create` a board duplicate) as durable as its update. The
 * events are planned at the end of the write's transaction, once Yjs has cleaned it up and before
 * its update goes to the store, and written then to a journal (`write_events`): on sqlite the row
 * is written before the update is appended; on PostgreSQL it goes in the update's append (one
 * commit stores both or neither); on MongoDB the update's append starts once the row's insert is
 * done (on another pooled connection it could otherwise commit first).
 * The events are emitted once the update is stored, and the row is removed after them.
 *
 * A process that stops in between (`kill -9`) leaves the row; `recover` (at start-up, and with
 * several processes whenever `OrphanRecovery` runs, through `LiveEdits.recover`) emits the events of
 * each row whose change the stored document holds (`ChangeMark`) and drops the others (their
 * update was never stored, and nobody was told it was). A row can be replayed after its events
 * went out (a stop between emitting and removing it): every event carries a `changeKey`, by which
 * the webhook outbox, the activity feed and the notifications keep one row per change.
 */
export class WriteEventJournal {
  readonly #o: WriteEventJournalOptions;
  readonly #rows: Collection<WriteEventsRecord>;
  readonly #boards: Collection<BoardRecord>;
  readonly #ids = new TimeOrderedIds('wev_');
  /** Without an fsync of its own: a row a power loss brings back only emits its events again. */
  readonly #removals = new JournalRemovals((ids) => this.#rows.deleteMany({ id: { $in: ids } }, sharedDurability));

  /** Whether a row goes in its update's append (`DocumentStore.appendsRecords`) rather than before it. */
  readonly #rowsWithUpdates: boolean;

  constructor(options: WriteEventJournalOptions) {
    this.#o = options;
    this.#rowsWithUpdates = rowsGoWithUpdates(options.db);
    this.#rows = options.db.collection<WriteEventsRecord>(writeEventCollections.events);
    this.#boards = options.db.collection<BoardRecord>(boardCollections.boards);
  }

  /**
   * Runs `fn` as one transaction of `boardId` with origin `actor`, resolved once its update is
   * stored (`wait: 'stored'`: the caller syncs), and then emits the events `plan` gives for it.
   * `plan` runs once the transaction is over (see `afterChange`): it must not throw, and reads the
   * document as the transaction left it.
   */
  async write<T>(boardId: string, actor: Actor, fn: (doc: Y.Doc, actor: Actor) => T, plan: EventPlan<T>): Promise<T> {
    let staged: Staged | undefined;
    let doc: Y.Doc | undefined;
    let result: T;
    try {
      result = await this.#o.documents.transact(
        boardId,
        (d) => {
          const value = fn(d, actor);
          doc = d;
          afterChange(d, (mark) => {
            staged = this.#stage(boardId, mark, (journalId) => plan(value, d, journalId));
          });
          return value;
        },
        actor,
        this.#transactOptions(() => staged),
      );
    } catch (error) {
      // The update is not known to be stored (it may be, later): the row is replayed once it is.
      if (staged?.row) this.#settleWhenStored(boardId, staged.row);
      throw error;
    }
    await this.#emit(staged?.events ?? plan(result, doc as Y.Doc, this.#ids.next(this.#o.clock.now())));
    if (staged) this.#removeWhenWritten(boardId, staged);
    return result;
  }

  /**
   * Creates a board with its content (a duplicate) through `create`, which calls the `journal` it
   * is given with the board's record once the board's document is stored and before the record
   * is (and fails, storing no record, when `journal` rejects). The events `plan` gives for that
   * record are journaled then (a row replayed when the board's record is stored), and emitted once
   * `create` resolves. A copy's events are one per item of the board: the plan may take several
   * turns of the event loop, and the row is built `rowMsPerTurn` milliseconds a turn.
   */
  async create<T>(create: (journal: (board: BoardRecord) => Promise<void>) => Promise<T>, plan: (board: BoardRecord, journalId: string) => Promise<PlannedEvent[]>): Promise<T> {
    let staged: Staged | undefined;
    let result: T;
    try {
      result = await create(async (board) => {
        const at = this.#o.clock.now();
        const id = this.#ids.next(at);
        const events = await plan(board, id);
        const row = this.#rowOf(id, board.id, null, await storedEventsInSlices(events, { id, boardId: board.id }, rowMsPerTurn), at);
        row.boardCreated = true;
        await this.#rows.insert(row, sharedDurability);
        staged = { events, row, written: Promise.resolve(true) };
      });
    } catch (error) {
      // The record may be stored all the same (a failure after it): the row says so when replayed.
      const row = staged?.row;
      if (row) await this.#replay(row.boardId, [row]).catch((err: unknown) => this.#o.logger.error({ err, boardId: row.boardId }, 'write events could not be settled'));
      throw error;
    }
    if (staged?.events) {
      await this.#emit(staged.events);
      this.#removeWhenWritten(staged.row?.boardId ?? '', staged);
    }
    return result;
  }

  /**
   * How a write's transaction stores its row: on sqlite the row is written before the update;
   * on PostgreSQL it goes in the update's append (one commit: both or neither); elsewhere, where
   * the row's write may complete after the update's, the update waits for it.
   */
  #transactOptions(staged: () => Staged | undefined): TransactOptions {
    if (this.#o.db.writesBeforeReturn === true) return storedOnly;
    if (this.#rowsWithUpdates) return { wait: 'stored', storeWith: () => staged()?.withUpdate };
    return { wait: 'stored', appendAfter: () => staged()?.written };
  }

  async #emit(events: readonly PlannedEvent[]): Promise<void> {
    for (let i = 0; i < events.length; i += 1) {
      const event = events[i] as PlannedEvent;
      await this.#o.events.emit(event.type, event.payload as never);
      if ((i + 1) % eventsPerTurn === 0) await nextTurn();
    }
  }

  /** Off the answer's path: a row left by a stop before its removal only emits its events again, which the change keys absorb. */
  #removeWhenWritten(boardId: string, staged: Staged): void {
    const row = staged.row;
    if (!row) return;
    void staged.written
      .then((written) => (written ? this.#remove([row.id]) : undefined))
      .catch((error: unknown) => this.#o.logger.error({ err: error, boardId }, 'write events could not be removed from the journal'));
  }

  /** The row of a write: its events as `storedEvents` compacts them. */
  #row(id: string, boardId: string, mark: ChangeMark | null, events: readonly PlannedEvent[], at: number): WriteEventsRecord {
    return this.#rowOf(id, boardId, mark, storedEvents(events, { id, boardId }), at);
  }

  #rowOf(id: string, boardId: string, mark: ChangeMark | null, stored: StoredEvents, at: number): WriteEventsRecord {
    return {
      id,
      boardId,
      mark: mark === null ? null : { client: mark.client, clock: mark.clock, deletion: mark.deletion },
      ...stored,
      at,
      ...(this.#o.owner === undefined ? {} : { processId: this.#o.owner.processId }),
    };
  }

  /** Inside Yjs's cleanup of the transaction: plans the events and starts the row's write; never throws (it would keep the update from being stored). */
  #stage(boardId: string, mark: ChangeMark | null, plan: (journalId: string) => PlannedEvent[]): Staged {
    const at = this.#o.clock.now();
    const id = this.#ids.next(at);
    let events: PlannedEvent[];
    try {
      events = plan(id);
    } catch (error) {
      this.#o.logger.error({ err: error, boardId }, 'write events could not be planned');
      return { events: null, row: null, written: Promise.resolve(false) };
    }
    const row = this.#row(id, boardId, mark, events, at);
    // A change (a mark) has an update to go with; a write that changed nothing has none.
    if (this.#rowsWithUpdates && mark !== null) return { events, row, ...this.#withUpdate(boardId, row) };
    // Started now: the sqlite store writes it before `insert` returns, before the update is appended.
    const written = this.#rows.insert(row, sharedDurability).then(
      () => true,
      (error: unknown) => {
        this.#o.logger.error({ err: error, boardId }, 'write events could not be journaled');
        return false;
      },
    );
    return { events, row, written };
  }

  /** `row` as records to append with its update, and whether they were (`written`). */
  #withUpdate(boardId: string, row: WriteEventsRecord): Pick<Staged, 'written' | 'withUpdate'> {
    let settle: (stored: boolean) => void = () => undefined;
    const written = new Promise<boolean>((resolve) => (settle = resolve));
    const settled = (stored: boolean): void => {
      if (!stored) this.#o.logger.error({ boardId }, 'write events could not be journaled');
      settle(stored);
    };
    return { written, withUpdate: { records: [{ collection: writeEventCollections.events.name, record: row }], settled } };
  }

  /** Once the board's updates are stored, replays `row` (its write failed to be confirmed in time, but may still be stored). */
  #settleWhenStored(boardId: string, row: WriteEventsRecord): void {
    this.#o.documents
      .whenPersisted(boardId)
      .then(() => this.#replay(boardId, [row]))
      .catch((error: unknown) => this.#o.logger.error({ err: error, boardId }, 'write events could not be settled'));
  }

  /**
   * Emits the events of rows a stopped process left (their change is in the stored document) and
   * removes every such row. Call once at start-up, after every subscriber is on the bus; with
   * several processes, the rows of a process still running are left to it. Resolves with the
   * number of rows settled.
   */
  async recover(): Promise<number> {
    const rows = await orphanedRows(await this.#rows.find({}, { sort: [['id', 1]] }), this.#o.owner);
    for (const [boardId, list] of byBoard(rows)) {
      try {
        await this.#replay(boardId, list);
      } catch (error) {
        this.#o.logger.error({ err: error, boardId }, 'write events could not be recovered');
      }
    }
    return rows.length;
  }

  async #replay(boardId: string, rows: readonly WriteEventsRecord[]): Promise<void> {
    const marked = rows.filter((row) => row.mark !== null);
    const held = await storedChanges(
      this.#o.db.documents,
      boardId,
      marked.map((row) => row.mark as ChangeMark),
    );
    const landed = new Set(marked.filter((_row, i) => held[i] === true).map((row) => row.id));
    const created = rows.some((row) => row.boardCreated === true) && (await this.#boards.findOne({ id: boardId })) !== null;
    let doc: Y.Doc | undefined;
    for (const row of rows) {
      if (row.boardCreated === true ? !created : row.mark !== null && !landed.has(row.id)) continue;
      if (row.views === 'document') doc ??= await this.#o.documents.open(boardId);
      for (const event of replayedEvents(row, doc)) {
        await this.#o.events.emit(event.type as DomainEventType, event.payload as never);
      }
    }
    await this.#remove(rows.map((row) => row.id));
  }

  async #remove(ids: string[]): Promise<void> {
    await this.#removals.remove(ids);
  }
}

