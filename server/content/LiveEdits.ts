import type * as Y from 'yjs';
import type { DocumentRegistry, ItemView } from '../../crdt/index.js';
import { getItem, itemsMapName } from '../../crdt/index.js';
import type { Clock, Collection, Database } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { DomainEventLogger, DomainEvents } from '../events/DomainEvents.js';
import { foldItemChanges } from './itemChanges.js';
import type { ItemChangeStep } from './itemChanges.js';

/** Options of `LiveEdits`. */
export interface LiveEditsOptions {
  db: Database;
  documents: Pick<DocumentRegistry, 'open'>;
  events: DomainEvents;
  clock: Clock;
  logger: DomainEventLogger;
  /** How long item changes of one board are gathered before their events go out, in ms. Default 1000. */
  coalesceMs?: number;
}

interface Pending {
  steps: ItemChangeStep[];
  actorId: string;
  timer: NodeJS.Timeout;
}

/** Boards whose workspace is remembered before the memory is cleared. */
const maxRemembered = 10_000;

/**
 * Turns live (WebSocket) edits into domain events. Every document message from a writable
 * connection emits `board.changed` (`source: 'live'`) at once; the items it touched are gathered
 * per board for `coalesceMs` and then emitted as one `item.created|updated|deleted` per item
 * (net effect: created-then-deleted emits nothing), so a keystroke stream gives one event per item
 * per second or so. Item changes are read from the document's own observer, which sees every
 * transaction that is not a REST write (whose origin is an `Actor`); they are attributed to the
 * last person whose message reached the board before the change was applied. Observation of a
 * board's document starts at its first live edit in this process (the hub reports edits after
 * applying them), so the items of that first message are reported as `board.changed` only.
 */
export class LiveEdits {
  readonly #o: LiveEditsOptions;
  readonly #boards: Collection<BoardRecord>;
  readonly #observed = new WeakSet<Y.Doc>();
  readonly #workspaceOf = new Map<string, string>();
  readonly #lastEditor = new Map<string, string>();
  readonly #pending = new Map<string, Pending>();
  readonly #coalesceMs: number;

  constructor(options: LiveEditsOptions) {
    this.#o = options;
    this.#boards = options.db.collection<BoardRecord>(boardCollections.boards);
    this.#coalesceMs = options.coalesceMs ?? 1_000;
  }

  /** Call when a writable connection sent a document message to `boardId` (the gateway's `onEdit`). */
  edited(boardId: string, userId: string): void {
    this.#lastEditor.set(boardId, userId);
    this.#run(boardId, async () => {
      const workspaceId = await this.#workspace(boardId);
      if (workspaceId === null) return;
      await this.#observe(boardId);
      await this.#o.events.emit('board.changed', { workspaceId, boardId, actor: { userId }, at: this.#o.clock.now(), kind: 'content', source: 'live' });
    });
  }

  /** Emits what is gathered now and stops the timers. */
  async close(): Promise<void> {
    await Promise.all([...this.#pending.keys()].map((boardId) => this.#flush(boardId)));
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

  async #observe(boardId: string): Promise<void> {
    const doc = await this.#o.documents.open(boardId);
    if (this.#observed.has(doc)) return;
    this.#observed.add(doc);
    const items = doc.getMap(itemsMapName);
    items.observeDeep((events, transaction) => {
      if (isRestWrite(transaction.origin)) return;
      const steps: Pending['steps'] = [];
      for (const event of events) {
        if (event.target === items) {
          for (const [id, change] of event.changes.keys) {
            steps.push({ id, change: change.action === 'add' ? 'created' : change.action === 'delete' ? 'deleted' : 'updated' });
          }
        } else {
          const id = event.path[0];
          if (typeof id === 'string') steps.push({ id, change: 'updated' });
        }
      }
      if (steps.length > 0) this.#gather(boardId, steps);
    });
  }

  #gather(boardId: string, steps: Pending['steps']): void {
    const actorId = this.#lastEditor.get(boardId) ?? 'unknown';
    const pending = this.#pending.get(boardId);
    if (pending !== undefined) {
      pending.steps.push(...steps);
      pending.actorId = actorId;
      return;
    }
    const timer = setTimeout(() => this.#run(boardId, () => this.#flush(boardId)), this.#coalesceMs);
    timer.unref();
    this.#pending.set(boardId, { steps, actorId, timer });
  }

  async #flush(boardId: string): Promise<void> {
    const pending = this.#pending.get(boardId);
    if (pending === undefined) return;
    this.#pending.delete(boardId);
    clearTimeout(pending.timer);
    const workspaceId = await this.#workspace(boardId);
    if (workspaceId === null) return;
    const doc = await this.#o.documents.open(boardId);
    const items = doc.getMap(itemsMapName);
    const base = { workspaceId, boardId, actor: { userId: pending.actorId }, at: this.#o.clock.now(), source: 'live' as const };
    const changes = foldItemChanges(pending.steps);
    const current = (id: string): ItemView | null => {
      if (!items.has(id)) return null;
      try {
        return getItem(doc, id);
      } catch {
        // An item a live client wrote in a shape the catalogue refuses has no REST view.
        return null;
      }
    };
    for (const id of changes.created) await this.#o.events.emit('item.created', { ...base, itemId: id, item: current(id) });
    for (const id of changes.updated) await this.#o.events.emit('item.updated', { ...base, itemId: id, item: current(id) });
    for (const id of changes.deleted) await this.#o.events.emit('item.deleted', { ...base, itemId: id, item: null });
  }
}

/** REST and other service writes run with an `Actor` origin (`{ actorId }`); live updates do not. */
function isRestWrite(origin: unknown): boolean {
  return typeof origin === 'object' && origin !== null && 'actorId' in origin;
}
