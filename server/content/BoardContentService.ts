import { setImmediate as nextTurn } from 'node:timers/promises';
import type * as Y from 'yjs';
import type { Actor, BatchResult, BoardStructure, DocumentRegistry, ItemTextPage, ItemView, NewItem } from '../../crdt/index.js';
import {
  applyBatchPlan,
  captureItems,
  commentTypeName,
  createItem,
  deleteItem,
  getItem,
  itemCount,
  itemText,
  itemTypeOf,
  listItemPage,
  outline,
  patchItem,
  structure,
  validateBatch,
  validateCreateItem,
  viewsOf,
} from '../../crdt/index.js';
import type { Clock, Database } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { AccessService } from '../access/AccessService.js';
import { requireUnlocked } from '../access/AccessService.js';
import type { UserGrants } from '../access/grants.js';
import type { BoardAction, Role } from '../access/roles.js';
import type { AccountService } from '../accounts/AccountService.js';
import { planCapError } from '../accounts/planCap.js';
import { plans } from '../accounts/plans.js';
import type { Principal } from '../auth/Principal.js';
import type { BoardService, BoardView } from '../boards/BoardService.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { BoardEventBase, ItemChangeSource } from '../events/eventTypes.js';
import type { Page } from '../pagination.js';
import { decodeCursor, encodeCursor } from '../pagination.js';
import { netItemChanges } from './itemChanges.js';
import { batchAction, findItem, patchAction } from './commentRights.js';
import { itemChangeKey, journaledItemChangeKey, writeChangeKey } from './changeKeys.js';
import { currentItem, itemChangeEvents } from './itemChangeEvents.js';
import { duplicateEvents } from './duplicateEvents.js';
import { itemEvent } from './itemEvent.js';
import type { PlannedEvent, WriteEventJournal } from './WriteEventJournal.js';

/** Dependencies of `BoardContentService`. */
export interface BoardContentServiceOptions {
  db: Database;
  documents: DocumentRegistry;
  access: AccessService;
  accounts: AccountService;
  boards: BoardService;
  clock: Clock;
  /**
   * Where every write is announced once stored: `board.changed`, `item.*`, `comment.created`,
   * `items.batched`, `board.duplicated` (activity, search, notifications and recent boards subscribe).
   */
  events: DomainEvents;
  /** Where each write's events are journaled before its update is stored, and emitted from. */
  journal: WriteEventJournal;
}

/**
 * A write that is stored (safe from a crash of the process) and announced, and `synced`, the
 * wait, already started, for it to survive power loss. The caller awaits `synced` before it
 * reports success; meanwhile it may prepare its answer.
 */
export interface Unsynced<T> {
  readonly result: T;
  readonly synced: Promise<void>;
}

/** A list of operations the server applies on its own account (an import's chunk): see `validateBatch`. */
export interface OwnBatch {
  readonly maxOperations: number;
  readonly createIds: readonly string[];
  /** The creates' bodies as an earlier validation checked them (`validateBatch`'s `checkedBodies`). */
  readonly checkedBodies?: readonly (NewItem | undefined)[];
}

/** The result of `write` once it survives power loss: for a caller with nothing to prepare meanwhile. */
async function whenSynced<T>(write: Promise<Unsynced<T>>): Promise<T> {
  const { result, synced } = await write;
  await synced;
  return result;
}

/** Milliseconds of a duplicate's item views (`viewsOf`), and then of its item events, built per event-loop turn. */
const viewMsPerTurn = 8;

/**
 * Board content through the REST API: every write checks the caller's role, runs as one
 * `doc.transact` whose origin names the actor, resolves only once its update is stored, and
 * records one activity row. Connected clients see the change at once (same in-memory doc).
 */
export class BoardContentService {
  readonly #o: BoardContentServiceOptions;

  constructor(options: BoardContentServiceOptions) {
    this.#o = options;
  }

  async #board(principal: Principal, boardId: string, action: BoardAction, known?: { grants: UserGrants }): Promise<{ board: BoardRecord; role: Role }> {
    const { board, role } = await this.#o.access.requireBoard(principal.user.id, boardId, action, known);
    if (action !== 'read') requireUnlocked(board, role);
    return { board, role };
  }

  /**
   * The board, when the caller may make a change to one of its items: read access is checked before the document
   * is opened (nobody loads a board they cannot read), then the role the change needs, which
   * `actionOf` reads from the document (see `commentRights`).
   */
  async #boardForItem(principal: Principal, boardId: string, actionOf: (doc: Y.Doc) => BoardAction): Promise<BoardRecord> {
    const { grants } = await this.#o.access.requireBoard(principal.user.id, boardId, 'read');
    const action = actionOf(await this.#o.documents.open(boardId));
    const { board, role } = await this.#o.access.requireBoard(principal.user.id, boardId, action, { grants });
    requireUnlocked(board, role);
    return board;
  }

  /**
   * One stored transaction and its events: `board.changed` (search, recent boards), then those
   * `plan` gives (the item events), journaled before the update is stored and emitted once it is
   * (`WriteEventJournal`), so a crash in between cannot leave the change without them. Then one
   * durability wait for all of it: the rows the events write (activity, webhook outbox) join the
   * update's fsync instead of each waiting for one of their own. The fsync is started and handed
   * back as `synced` (see `Unsynced`, and `whenSynced` for a caller that has nothing to do
   * meanwhile): the client is answered only once everything survives power loss.
   */
  async #write<T>(
    principal: Principal,
    board: BoardRecord,
    source: ItemChangeSource,
    fn: (doc: Y.Doc, actor: Actor) => T,
    plan: (result: T, doc: Y.Doc, base: BoardEventBase, journalId: string) => PlannedEvent[],
  ): Promise<Unsynced<T>> {
    const actor: Actor = { actorId: principal.user.id };
    const result = await this.#o.journal.write(board.id, actor, fn, (value, doc, journalId) => {
      const base = this.#base(principal, board);
      const changed: PlannedEvent = { type: 'board.changed', payload: { ...base, kind: 'content', source, changeKey: writeChangeKey('board.changed', board.id, journalId) } };
      return [changed, ...plan(value, doc, base, journalId)];
    });
    const synced = this.#o.db.documents.sync();
    // Handled here too, so a failure the caller has not awaited yet is not reported as unhandled.
    synced.catch(() => undefined);
    return { result, synced };
  }

  #base(principal: Principal, board: BoardRecord): BoardEventBase {
    return { workspaceId: board.workspaceId, boardId: board.id, actor: { userId: principal.user.id, name: principal.user.name }, at: this.#o.clock.now() };
  }

  /**
   * Refuses `adding` more items where the board's plan has no room for them. The plan is the
   * principal's workspace's, read with the credential in this request, when the board is in it
   * (the usual case): no second read of the same record.
   */
  async #ensureRoom(principal: Principal, board: BoardRecord, adding: number): Promise<void> {
    if (adding <= 0) return;
    const { plan } = principal.workspace.id === board.workspaceId ? principal.workspace : await this.#o.accounts.getWorkspace(board.workspaceId);
    const limit = plans[plan].itemsPerBoard;
    const doc = await this.#o.documents.open(board.id);
    const count = itemCount(doc);
    if (count + adding > limit) {
      throw planCapError('itemsPerBoard', plan, `The board can hold ${limit} items on this plan; it has ${count}.`, { used: count });
    }
  }

  /** Items in z-order, flat, paged by z-order position: each page reads only its own items. */
  async listItems(principal: Principal, boardId: string, options: { limit: number; cursor?: string | undefined }): Promise<Page<ItemView>> {
    await this.#board(principal, boardId, 'read');
    const after = options.cursor ? decodeCursor(options.cursor) : null;
    const doc = await this.#o.documents.open(boardId);
    const { items, more } = listItemPage(doc, after === null ? null : { z: String(after.k), id: after.id }, options.limit);
    const last = items.at(-1);
    return { data: items, nextCursor: more && last ? encodeCursor({ k: last.z, id: last.id }) : null };
  }

  /** Creates one item; commenters may create comment pins only, and unlocked (a lock needs editor, as PATCH's). */
  async createItem(principal: Principal, boardId: string, body: unknown): Promise<ItemView> {
    const validated = validateCreateItem(body);
    const { board } = await this.#board(principal, boardId, validated.type === commentTypeName && !validated.locked ? 'comment' : 'edit');
    await this.#ensureRoom(principal, board, 1);
    return whenSynced(this.#write(
      principal,
      board,
      'rest',
      (doc, actor) => createItem(doc, body, actor, this.#o.clock.now()),
      (item, doc, base, journalId): PlannedEvent[] => {
        const events: PlannedEvent[] = [{ type: 'item.created', payload: itemEvent(base, item.id, 'rest', item, itemChangeKey(doc, board.id, 'created', item.id)) }];
        if (item.type === commentTypeName) {
          events.push({ type: 'comment.created', payload: { ...base, kind: 'comment', board, item, changeKey: writeChangeKey('comment.created', board.id, journalId) } });
        }
        return events;
      },
    ));
  }

  /** One item. */
  async getItem(principal: Principal, boardId: string, itemId: string): Promise<ItemView> {
    await this.#board(principal, boardId, 'read');
    return getItem(await this.#o.documents.open(boardId), itemId);
  }

  /** Moves, resizes, replaces data, or replies to / resolves a comment; what commenters may do is in `commentRights`. */
  async patchItem(principal: Principal, boardId: string, itemId: string, patch: Record<string, unknown>): Promise<ItemView> {
    const board = await this.#boardForItem(principal, boardId, (doc) => patchAction(findItem(doc, itemId), patch, principal.user.id));
    return whenSynced(this.#write(
      principal,
      board,
      'rest',
      (d, actor) => patchItem(d, itemId, patch, actor, this.#o.clock.now()),
      (item, doc, base, journalId): PlannedEvent[] => {
        const updated = Object.assign(itemEvent(base, itemId, 'rest', item, journaledItemChangeKey(doc, board.id, journalId)('updated', itemId)), { fields: Object.keys(patch).sort() });
        const events: PlannedEvent[] = [{ type: 'item.updated', payload: updated }];
        if (patch.reply !== undefined) {
          events.push({ type: 'comment.created', payload: { ...base, kind: 'reply', board, item, changeKey: writeChangeKey('comment.created', board.id, journalId) } });
        }
        return events;
      },
    ));
  }

  /** Deletes an item (and connectors attached to it); deleting a comment pin resolves the comment. */
  async deleteItem(principal: Principal, boardId: string, itemId: string): Promise<{ outcome: 'deleted' | 'resolved'; deletedIds: string[]; comment: ItemView | null }> {
    // Deleting a pin resolves it: open to anyone who may comment, like `resolved`.
    const board = await this.#boardForItem(principal, boardId, (doc) => (itemTypeOf(doc, itemId) === commentTypeName ? 'comment' : 'edit'));
    const result = await whenSynced(this.#write(
      principal,
      board,
      'rest',
      (d, actor) => deleteItem(d, itemId, actor, this.#o.clock.now()),
      (deleted, doc, base, journalId): PlannedEvent[] => {
        if (deleted.outcome === 'resolved') {
          const resolved = Object.assign(itemEvent(base, itemId, 'rest', deleted.comment, journaledItemChangeKey(doc, board.id, journalId)('updated', itemId)), { fields: ['resolved'], via: 'delete' as const });
          return [{ type: 'item.updated', payload: resolved }];
        }
        // The requested item first, carrying what went with it (attached connectors), then each of those.
        const cascade = deleted.deletedIds.filter((id) => id !== itemId);
        const events: PlannedEvent[] = [{ type: 'item.deleted', payload: Object.assign(itemEvent(base, itemId, 'rest', null, itemChangeKey(doc, board.id, 'deleted', itemId)), { deletedWith: cascade }) }];
        for (const id of cascade) {
          events.push({ type: 'item.deleted', payload: Object.assign(itemEvent(base, id, 'rest', null, itemChangeKey(doc, board.id, 'deleted', id)), { deletedBy: itemId }) });
        }
        return events;
      },
    ));
    return { outcome: result.outcome, deletedIds: [...result.deletedIds], comment: result.comment };
  }

  /** The item's content as numbered lines. */
  async itemText(principal: Principal, boardId: string, itemId: string, options: { offset?: number; limit?: number }): Promise<ItemTextPage> {
    await this.#board(principal, boardId, 'read');
    return itemText(await this.#o.documents.open(boardId), itemId, options);
  }

  /**
   * Up to 100 create/move/resize/delete operations, validated together against the current
   * document, then applied as one transaction: one update, one broadcast, one activity row.
   * Resolves once the batch is stored and announced, with `synced`, its fsync, in flight: the
   * REST answer (a hundred item views) is encoded while the disk works, and sent once `synced`
   * resolves. Nobody may be told the batch succeeded before that. For a list the server applies
   * itself (an import's chunk, validated as a whole), `maxOperations` lifts the batch's cap and
   * `createIds` names the id each create makes (see `validateBatch`).
   */
  async batchUnsynced(principal: Principal, boardId: string, operations: unknown, own?: OwnBatch): Promise<Unsynced<BatchResult>> {
    const { grants } = await this.#o.access.requireBoard(principal.user.id, boardId, 'read');
    const doc = await this.#o.documents.open(boardId);
    const action = batchAction(operations, principal.user.id, (id) => findItem(doc, id));
    const { board } = await this.#board(principal, boardId, action, { grants });
    const creates = Array.isArray(operations) ? operations.filter((op) => (op as { op?: unknown } | null)?.op === 'create').length : 0;
    await this.#ensureRoom(principal, board, creates);
    // Validated inside the transaction, against the document it is applied to; nothing is written when it throws.
    return this.#write(
      principal,
      board,
      'batch',
      (doc, actor) => applyBatchPlan(doc, validateBatch(doc, operations, own?.maxOperations, own?.createIds, own?.checkedBodies), actor, this.#o.clock.now()),
      (result, doc, base, journalId): PlannedEvent[] => {
        const counts: Record<string, number> = {};
        const views = new Map<string, ItemView>();
        for (const r of result.results) {
          counts[r.op] = (counts[r.op] ?? 0) + 1;
          // Every view of a batch is read after its whole transaction: the item's final state.
          const view = r.op === 'delete' ? r.comment : r.item;
          if (view !== null) views.set(r.id, view);
        }
        const batched: PlannedEvent = {
          type: 'items.batched',
          payload: { ...base, operations: result.results.length, counts, changeKey: writeChangeKey('items.batched', board.id, journalId) },
        };
        return [batched, ...itemChangeEvents(base, 'batch', netItemChanges(result.results), views, (id) => currentItem(doc, id), journaledItemChangeKey(doc, board.id, journalId))];
      },
    );
  }

  /** The board as text: sections with items in reading order, standalone items, connections. */
  async outline(principal: Principal, boardId: string): Promise<{ board: BoardRecord; text: string }> {
    const { board } = await this.#board(principal, boardId, 'read');
    return { board, text: outline(await this.#o.documents.open(boardId)) };
  }

  /** The machine view behind the outline. */
  async structure(principal: Principal, boardId: string): Promise<{ board: BoardRecord; structure: BoardStructure }> {
    const { board } = await this.#board(principal, boardId, 'read');
    return { board, structure: structure(await this.#o.documents.open(boardId)) };
  }

  /**
   * A copy titled `Copy_<title>` in the same space with the whole document. The copy is created
   * with the caller as owner; the caller needs to read the board and to add boards to its space.
   * The copy's state is stored as its first snapshot (it is not loaded here), and its item events
   * carry the views read from the original in the same turn as that state. Its events
   * (`board.duplicated`, then one `item.created` per copied item) are journaled once the copy's
   * document is stored and before its record is (`WriteEventJournal.create`), and emitted once the
   * copy exists.
   */
  async duplicate(principal: Principal, boardId: string): Promise<BoardView> {
    const { board } = await this.#board(principal, boardId, 'read');
    // The state as kept for joining clients (not encoded on the event loop), and its items as of
    // it, taken in the same turn and viewed in the turns after.
    const { state, read: captured } = await this.#o.documents.copyOf(boardId, captureItems);
    const items = await viewsOf(captured, viewMsPerTurn, nextTurn);
    const copy = await this.#o.journal.create(
      (journal) => this.#o.boards.create(principal, { title: `Copy_${board.title}`.slice(0, 200), description: board.description, spaceId: board.spaceId ?? 'default' }, { state, journal }),
      (record, journalId) => duplicateEvents(this.#base(principal, record), record, boardId, items, journalId, viewMsPerTurn),
    );
    // The activity row and the webhook rows those events appended, durable before the answer.
    await this.#o.db.documents.sync();
    return this.#o.boards.get(principal, copy.board.id);
  }
}
