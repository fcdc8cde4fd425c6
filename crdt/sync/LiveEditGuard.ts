import * as Y from 'yjs';
import type { Clock } from '../../storage/index.js';
import type { Logger } from '../documents/Logger.js';
import { itemsMap } from '../items/boardSchema.js';
import { boardIndex } from '../items/BoardIndex.js';
import { itemRecordIssues, restoreItemRecord } from '../items/itemRecord.js';
import type { ItemRecord } from '../items/itemRecord.js';
import { commentTypeName } from '../items/itemOperations.js';
import { carriedBySection, carryingMoves, lockRefuses, sectionMoveOf } from '../items/itemLock.js';
import type { MovedSection, SectionMove } from '../items/itemLock.js';
import { commentWordsChanged } from './commentWords.js';
import { KeptDataVerdicts } from './KeptDataVerdicts.js';
import { itemIdsOfUpdate, itemRecordBefore, touchedItems } from './transactionItems.js';

/** Origin of the transactions that repair and stamp what live edits wrote; relayed to every client, the editor too. */
export const liveRepairOrigin: unique symbol = Symbol('boards.liveRepair');

/**
 * How long an item's `updatedAt` may lag while the same person goes on editing it live, in ms:
 * the server re-stamps it at most this often, so a drag or a typing run costs one stamp a minute
 * rather than one per message.
 */
export const authorshipRefreshMs = 60_000;

/** A live update applied in a batch, with its bytes (decoded only to tell who did what when several connections share the batch). */
export interface AppliedLiveUpdate {
  readonly origin: unknown;
  readonly update?: Uint8Array | undefined;
}

/** What the live transactions since the last `settle` did. */
export interface LiveEditVerdict {
  /** Origins whose updates changed the document (a handshake that brought nothing is not one). */
  readonly editors: ReadonlySet<unknown>;
  /** Origins whose updates left an item the catalogue refuses; the item was repaired. */
  readonly offenders: ReadonlySet<unknown>;
}

/** Options of `LiveEditGuard`. */
export interface LiveEditGuardOptions {
  /** Whether a transaction's origin is a live edit (a client's connection, or a batch of them). */
  isLive(origin: unknown): boolean;
  /** The user id that a live origin stands for, stamped as `createdBy` / `updatedBy`. */
  authorOf(origin: unknown): string | undefined;
  boardId: string;
  clock: Clock;
  logger: Logger;
}

interface Finding {
  /** The transaction origin that touched the item (a connection, or a batch of them). */
  origin: unknown;
  /** The item did not exist before: it gets the editor as its author. */
  created: boolean;
  /** The item as it is now; undefined when its entry is not a map. */
  record: ItemRecord | undefined;
  /** What to do: keep it, put back its last valid state, or remove it. */
  repair: { restore: ItemRecord } | 'remove' | undefined;
  /** The editor broke a rule (as opposed to a connector left dangling by a legal delete). */
  offence: boolean;
  /** For a comment that existed before: its record then, to tell whether its words changed (`commentWordsChanged`). */
  commentBefore?: ItemRecord | undefined;
}

/** Stand-ins for the authorship fields, which the server writes itself: a client may leave them out. */
const authorshipPlaceholders: ItemRecord = { createdBy: '-', createdAt: 0, updatedBy: '-', updatedAt: 0 };

/** The record as the catalogue checks it: authorship fields a client left out are the server's to write, not an offence. */
function withAuthorship(record: ItemRecord): ItemRecord {
  for (const key in authorshipPlaceholders) if (!(key in record)) return { ...authorshipPlaceholders, ...record };
  return record;
}

/** Whether `#stamp` would write anything for `finding` edited by `author` (read from the record taken after the edit). */
function needsStamp(finding: Finding, author: string, nowMs: number): boolean {
  const record = finding.record;
  if (record === undefined) return false;
  if (finding.created) return record['createdBy'] !== author || record['updatedBy'] !== author || record['createdAt'] !== nowMs || record['updatedAt'] !== nowMs;
  const updatedAt = record['updatedAt'];
  return record['updatedBy'] !== author || typeof updatedAt !== 'number' || nowMs - updatedAt >= authorshipRefreshMs;
}

/**
 * Checks what live edits did to the board's items against the item catalogue, the same rules as
 * REST writes (`itemRecordIssues`), and repairs what they broke. It looks only at the items a
 * live transaction touched (`touchedItems`), when Yjs has just applied it and still holds what
 * it replaced: an invalid new item is removed, an invalid edit of an existing one is undone by
 * writing back the item's state from before the transaction, and connectors left pointing at a
 * deleted item are removed with it (as a REST delete does). `settle` then writes all of that in
 * one transaction (`liveRepairOrigin`), which every client receives, stamps the authorship of
 * what stays from the connection's identity, and names the origins that broke a rule, so the
 * caller can close them (4422). A live change that a locked item refuses (`itemLock.ts`: a move,
 * resize, restyle, edit, reorder or delete while it stays locked) is an offence repaired the same
 * way: the item's state from before is written back; a locked item that a section moving in the
 * same transaction carries by its offset is not (`carriedBySection`). Created and disposed with the room that
 * applies live updates.
 */
export class LiveEditGuard {
  readonly #doc: Y.Doc;
  readonly #items: Y.Map<unknown>;
  readonly #options: LiveEditGuardOptions;
  #findings = new Map<string, Finding>();
  #editors = new Set<unknown>();
  #deleted: string[] = [];
  /** What was read and checked of items' `data` and has not changed since (a move checks the envelope, not the text again). */
  readonly #data = new KeptDataVerdicts();

  constructor(doc: Y.Doc, options: LiveEditGuardOptions) {
    this.#doc = doc;
    this.#items = itemsMap(doc);
    this.#options = options;
    doc.on('afterTransaction', this.#onTransaction);
  }

  /**
   * Repairs and stamps what the live transactions since the last call left (in one transaction),
   * and answers who edited and who broke a rule. `batch` lists the updates applied together under
   * one batch origin, to attribute their items when they came from several connections.
   */
  settle(batch: readonly AppliedLiveUpdate[] = []): LiveEditVerdict {
    const findings = this.#findings;
    const editors = this.#editors;
    const deleted = this.#deleted;
    this.#findings = new Map();
    this.#editors = new Set();
    this.#deleted = [];
    if (deleted.length > 0) this.#findDangling(new Set(deleted), findings);
    const offenders = new Set<unknown>();
    if (findings.size === 0) return { editors: this.#expand(editors, batch), offenders };
    const attribute = this.#attribution(batch);
    const nowMs = this.#options.clock.now();
    const work: { id: string; finding: Finding; author: string | undefined }[] = [];
    for (const [id, finding] of findings) {
      const origin = attribute(id, finding.origin);
      const author = origin === undefined ? undefined : this.#options.authorOf(origin);
      // A comment's words are its author's, as in REST: put back the pin, or remove a new one that came with replies.
      if (finding.repair === undefined && finding.record !== undefined && (finding.created || finding.commentBefore !== undefined)) {
        if (commentWordsChanged(finding.created ? undefined : finding.commentBefore, finding.record, author)) {
          finding.repair = finding.created || finding.commentBefore === undefined ? 'remove' : { restore: finding.commentBefore };
          finding.offence = true;
        }
      }
      if (finding.offence && origin !== undefined) offenders.add(origin);
      if (finding.repair !== undefined || (author !== undefined && needsStamp(finding, author, nowMs))) work.push({ id, finding, author });
    }
    // Most live edits need nothing written: no transaction then (each costs a state-vector pass).
    if (work.length > 0) {
      this.#doc.transact(() => {
        for (const { id, finding, author } of work) {
          if (finding.repair !== undefined && !this.#repair(id, finding.repair)) continue;
          if (author !== undefined) this.#stamp(id, finding.created, author, nowMs);
        }
      }, liveRepairOrigin);
    }
    for (const id of findings.keys()) {
      const finding = findings.get(id);
      if (finding?.repair !== undefined) {
        this.#options.logger.info({ boardId: this.#options.boardId, itemId: id, repair: finding.repair === 'remove' ? 'removed' : 'restored' }, 'Repaired an item a live edit left invalid');
      }
    }
    return { editors: this.#expand(editors, batch), offenders };
  }

  /** Stops watching the document. */
  dispose(): void {
    this.#doc.off('afterTransaction', this.#onTransaction);
  }

  readonly #onTransaction = (transaction: Y.Transaction): void => {
    if (transaction.changed.size > 0) this.#data.forget(transaction);
    if (!this.#options.isLive(transaction.origin)) return;
    if (transaction.changed.size === 0 && transaction.deleteSet.clients.size === 0) return;
    this.#editors.add(transaction.origin);
    const touched = touchedItems(transaction, this.#items);
    let moves: readonly SectionMove[] | undefined;
    const sectionMoves = (): readonly SectionMove[] => (moves ??= this.#sectionMoves(transaction, touched.keys()));
    for (const [id, touch] of touched) {
      if (touch.deleted) {
        const before = this.#stateBefore(transaction, id);
        // A locked item is not deleted live: it is put back, as a refused edit is (itemLock.ts).
        if (before !== undefined && lockRefuses(before, undefined)) {
          this.#findings.set(id, { origin: transaction.origin, created: false, record: undefined, repair: { restore: before }, offence: true });
          continue;
        }
        this.#deleted.push(id);
        this.#findings.delete(id);
        continue;
      }
      this.#findings.set(id, this.#inspect(transaction, id, touch.replaced, sectionMoves));
    }
  };

  /**
   * The sections `transaction` moved that may carry their contents: those that were not locked,
   * then, in turn, locked ones that such a move carried (a section in a section).
   */
  #sectionMoves(transaction: Y.Transaction, ids: Iterable<string>): SectionMove[] {
    const moved: MovedSection[] = [];
    for (const id of ids) {
      const entry = this.#items.get(id);
      if (!(entry instanceof Y.Map) || entry.get('type') !== 'section') continue;
      const before = itemRecordBefore(transaction, this.#items, id);
      const after = this.#data.recordOf(entry as Y.Map<unknown>);
      const move = sectionMoveOf(before, after);
      if (move !== undefined && before !== undefined) moved.push({ before, after, move });
    }
    return carryingMoves(moved);
  }

  /** Checks item `id` right after `transaction` changed it, and plans its repair while Yjs still holds its old state. */
  #inspect(transaction: Y.Transaction, id: string, replaced: boolean, sectionMoves: () => readonly SectionMove[]): Finding {
    const earlier = this.#findings.get(id);
    const entry = this.#items.get(id);
    const record = entry instanceof Y.Map ? this.#data.recordOf(entry as Y.Map<unknown>) : undefined;
    // Only an item still locked after the edit can break its lock: unlocking is an edit like any other.
    if (record?.['locked'] === true) {
      const before = this.#stateBefore(transaction, id);
      if (before !== undefined && lockRefuses(before, record) && !carriedBySection(before, record, sectionMoves())) return { origin: transaction.origin, created: false, record, repair: { restore: before }, offence: true };
    }
    const issues = record === undefined ? [{ field: '(item)', message: 'Not an item.' }] : itemRecordIssues(withAuthorship(record), this.#typeOf, this.#data.verdictOf);
    const fields = entry instanceof Y.Map ? transaction.changed.get(entry as unknown as Parameters<typeof transaction.changed.get>[0]) : undefined;
    const ownerChanged = replaced || fields?.has('createdBy') === true || fields?.has('createdAt') === true;
    if (issues.length === 0 && !ownerChanged) {
      const created = earlier?.created ?? false;
      const commentBefore = record?.['type'] !== commentTypeName || created ? undefined : (earlier?.commentBefore ?? (earlier === undefined ? itemRecordBefore(transaction, this.#items, id) : undefined));
      return { origin: transaction.origin, created, record, repair: undefined, offence: earlier?.offence ?? false, commentBefore };
    }
    // An earlier transaction of this window already read the state to go back to.
    const before = earlier === undefined ? itemRecordBefore(transaction, this.#items, id) : earlier.repair !== undefined && earlier.repair !== 'remove' ? earlier.repair.restore : undefined;
    const created = earlier?.created ?? before === undefined;
    if (issues.length === 0) {
      // Valid, but the client wrote who created it: a new item gets the editor, an old one keeps its author.
      const tampered = !created && before !== undefined && (before['createdBy'] !== record?.['createdBy'] || before['createdAt'] !== record?.['createdAt']);
      const commentBefore = record?.['type'] === commentTypeName && !created ? (earlier?.commentBefore ?? before) : undefined;
      if (!tampered || record === undefined) return { origin: transaction.origin, created, record, repair: undefined, offence: earlier?.offence ?? false, commentBefore };
      const restore = { updatedBy: before['updatedBy'], updatedAt: before['updatedAt'], ...record, createdBy: before['createdBy'], createdAt: before['createdAt'] };
      return { origin: transaction.origin, created, record, repair: { restore }, offence: true };
    }
    const restorable = before !== undefined && itemRecordIssues(before, this.#typeOf).length === 0;
    return { origin: transaction.origin, created, record, repair: restorable && !created ? { restore: before } : 'remove', offence: true };
  }

  /**
   * Item `id` as it was before the live edits of this window: read from `transaction` for the first
   * one; after that, the state a repair will restore, or what the earlier transaction left.
   */
  #stateBefore(transaction: Y.Transaction, id: string): ItemRecord | undefined {
    const earlier = this.#findings.get(id);
    if (earlier === undefined) return itemRecordBefore(transaction, this.#items, id);
    if (earlier.repair !== undefined && earlier.repair !== 'remove') return earlier.repair.restore;
    return earlier.created ? undefined : earlier.record;
  }

  /**
   * Connectors (and other referencing items) whose referenced item was deleted: removed, as a REST
   * delete cascades. The board index knows who points at what, so this costs the referrers of the
   * deleted items, not a pass over the board.
   */
  #findDangling(deleted: ReadonlySet<string>, findings: Map<string, Finding>): void {
    const index = boardIndex(this.#doc);
    for (const target of deleted) {
      for (const id of index.referencesTo(target)) {
        if (findings.has(id) || !(this.#items.get(id) instanceof Y.Map)) continue;
        findings.set(id, { origin: undefined, created: false, record: undefined, repair: 'remove', offence: false });
      }
    }
  }

  /** Writes the repair of `id`; false when the item is gone afterwards. */
  #repair(id: string, repair: { restore: ItemRecord } | 'remove'): boolean {
    if (repair === 'remove') {
      if (this.#items.has(id)) this.#items.delete(id);
      return false;
    }
    let entry = this.#items.get(id);
    if (!(entry instanceof Y.Map)) {
      this.#items.set(id, new Y.Map<unknown>());
      entry = this.#items.get(id);
    }
    restoreItemRecord(entry as Y.Map<unknown>, repair.restore);
    if (itemRecordIssues((entry as Y.Map<unknown>).toJSON() as ItemRecord, this.#typeOf).length === 0) return true;
    this.#items.delete(id);
    return false;
  }

  /** Stamps `author` on a live-edited item: as its creator when new, as its last editor (at most every `authorshipRefreshMs` for the same one). */
  #stamp(id: string, created: boolean, author: string, nowMs: number): void {
    const entry = this.#items.get(id);
    if (!(entry instanceof Y.Map)) return;
    const set = (key: string, value: unknown): void => {
      if (entry.get(key) !== value) entry.set(key, value);
    };
    if (created) {
      set('createdBy', author);
      set('createdAt', nowMs);
      set('updatedBy', author);
      set('updatedAt', nowMs);
      return;
    }
    const updatedAt = entry.get('updatedAt');
    if (entry.get('updatedBy') !== author || typeof updatedAt !== 'number' || nowMs - updatedAt >= authorshipRefreshMs) {
      set('updatedBy', author);
      set('updatedAt', nowMs);
    }
  }

  /** Maps an item to the origin that touched it: itself, or, in a batch of several connections, the one whose update wrote it. */
  #attribution(batch: readonly AppliedLiveUpdate[]): (id: string, origin: unknown) => unknown {
    const origins = new Set(batch.map((entry) => entry.origin));
    if (origins.size <= 1) {
      const [only] = origins;
      return (_id, origin) => (origin !== undefined && this.#options.authorOf(origin) !== undefined ? origin : only);
    }
    let byItem: Map<string, unknown> | undefined;
    return (id, origin) => {
      if (origin !== undefined && this.#options.authorOf(origin) !== undefined) return origin;
      if (origin === undefined) return undefined;
      if (byItem === undefined) {
        byItem = new Map();
        for (const entry of batch) {
          if (entry.update === undefined) continue;
          for (const touched of itemIdsOfUpdate(this.#doc, this.#items, Y.decodeUpdate(entry.update))) if (!byItem.has(touched)) byItem.set(touched, entry.origin);
        }
      }
      return byItem.get(id);
    };
  }

  /** Editors with a batch origin replaced by the connections of its updates. */
  #expand(editors: ReadonlySet<unknown>, batch: readonly AppliedLiveUpdate[]): ReadonlySet<unknown> {
    const out = new Set<unknown>();
    for (const editor of editors) {
      if (this.#options.authorOf(editor) !== undefined) out.add(editor);
      else for (const entry of batch) out.add(entry.origin);
    }
    return out;
  }

  readonly #typeOf = (id: string): string | undefined => {
    const entry = this.#items.get(id);
    if (!(entry instanceof Y.Map)) return undefined;
    const type = entry.get('type');
    return typeof type === 'string' ? type : undefined;
  };
}
