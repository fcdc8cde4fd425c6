import type { Clock, Collection, CollectionSpec, Database, FieldValue } from '../../storage/index.js';
import { TimeOrderedIds, sharedDurability } from '../../storage/index.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { chatCollections } from '../../storage/schema/chat.js';
import { jobCollections } from '../../storage/schema/jobs.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { JournaledActivityRecord, JournaledEventRecord, MarkConditionRecord, RecordEventMarks, RecordEventsRecord, StoredConditionRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';
import { ServiceError } from '../errors.js';
import type { DomainEventLogger, DomainEvents } from '../events/DomainEvents.js';
import type { DomainEventType, PlannedEvent } from '../events/eventTypes.js';
import type { NewNotification, NotificationService } from '../notifications/NotificationService.js';
import { orphanedRows } from '../content/orphanedRows.js';
import type { ActivityService } from './ActivityService.js';
import { KeptMarks } from './KeptMarks.js';
import { RecordMark, markedRows } from './RecordMark.js';
import { onlyNamedParts } from './onlyNamedParts.js';

/** The collections whose records tell whether an operation was stored (a closed list: rows name them by key). */
const checkedCollections = {
  boards: boardCollections.boards,
  spaces: boardCollections.spaces,
  boardMembers: boardCollections.boardMembers,
  spaceMembers: boardCollections.spaceMembers,
  invitations: boardCollections.invitations,
  chatMessages: chatCollections.messages,
  publicLinks: boardCollections.publicLinks,
  jobs: jobCollections.jobs,
  users: accountCollections.users,
  workspaces: accountCollections.workspaces,
  memberships: accountCollections.memberships,
  apiKeys: accountCollections.apiKeys,
  oauthConnections: oauthCollections.connections,
  webhooks: webhookCollections.webhooks,
} as const satisfies Record<string, CollectionSpec>;

/** A condition on a stored record, met once an operation's writes are stored. */
export interface StoredCheck {
  readonly collection: keyof typeof checkedCollections;
  /** Matches the record as the operation stores it. */
  readonly filter: Readonly<Record<string, FieldValue | Readonly<Record<string, FieldValue>>>>;
  /** Met when no record matches (the operation deletes it). */
  readonly absent?: true;
}

/** A record that names the operation's row once the operation's write of it is stored (`RecordMark.updateEach`). */
export interface MarkCondition {
  readonly collection: keyof typeof checkedCollections;
  readonly id: string;
}

/** An activity row an operation records (its `changeKey` is given by the journal). */
export interface PlannedActivity {
  readonly boardId: string;
  readonly actorId: string | null;
  readonly action: string;
  readonly data?: Readonly<Record<string, string | number | boolean | null>>;
  /** Recorded only when this record names the row (its write by the operation happened); absent: whenever the row is. */
  readonly onlyIf?: MarkCondition;
}

/** A domain event an operation records, with what its parts depend on (`PlannedActivity.onlyIf`). */
export type PlannedRecordEvent = PlannedEvent & {
  readonly onlyIf?: MarkCondition;
  /** The payload's `field` lists ids of records of `collection`: only those that name the row are recorded. */
  readonly namedOnly?: { readonly field: string; readonly collection: keyof typeof checkedCollections };
};

/** The record whose write carries an operation's journal row id (`RecordMark`). */
export interface MarkedRecord {
  readonly collection: keyof typeof checkedCollections;
  readonly id: string;
  /** The record as the operation read it (its marks are what the write compares), null when the operation creates it. */
  readonly read: RecordEventMarks | null;
}

/**
 * A write an operation makes after its marked record's (`updateMany(filter, { $set: set })`),
 * which the replay of its stored row makes again while `when` holds.
 */
export interface FinishingWrite {
  readonly collection: keyof typeof checkedCollections;
  /** The records of `filter` the operation read, each written first on its own carrying the row's id (`RecordMark.updateEach`). */
  readonly ids?: readonly string[];
  readonly filter: StoredCheck['filter'];
  readonly set: Readonly<Record<string, FieldValue>>;
  /** The marked record still as the operation left it (no later operation changed it). */
  readonly when: StoredCheck;
}

/** What an operation records about itself once it is stored, and how to tell that it was. */
export interface RecordPlan {
  /** The board the operation is about, if any (logs). */
  readonly boardId?: string | null;
  /**
   * The record the operation writes through the `RecordMark` its store is given: its row is
   * stored when that record names the row in `recordEvents`, whatever changed it afterwards.
   */
  readonly marked?: MarkedRecord;
  /** All of them hold once the operation's writes are stored (checked when its row is replayed). */
  readonly stored: readonly StoredCheck[];
  /** With `marked`: the operation's write after the marked record's, finished by the replay of a stored row. */
  readonly finish?: FinishingWrite;
  readonly activity?: readonly PlannedActivity[];
  readonly notifications?: readonly NewNotification[];
  /** Emitted in this order, after the activity rows and notifications. */
  readonly events?: readonly PlannedRecordEvent[];
}

/** Options of `RecordEventJournal`. */
export interface RecordEventJournalOptions {
  db: Database;
  events: DomainEvents;
  activity: Pick<ActivityService, 'record'>;
  notifications: Pick<NotificationService, 'notify'>;
  clock: Clock;
  logger: DomainEventLogger;
  /** With several processes: this process's id, stamped on its rows (`recover` leaves a live process's rows to it). */
  owner?: ProcessOwner | undefined;
}

/**
 * Makes what an operation on a stored record records about itself (its activity rows, its
 * notifications, its domain events) as durable as the record: board creation, rename, lock,
 * move, trash, restore and delete, sharing of boards and spaces, invitations, chat posts, public
 * links, finished jobs, and the workspace-level operations: workspace members and plans, API key
 * revocations, ended app connections and sign-ins; and a webhook disabled for failing.
 * `record` writes the plan to a journal (`record_events`) before the operation stores anything,
 * then lets it store, then records the plan and removes the row. Every activity row,
 * notification and event gets a `changeKey` from the row (`<row id>/a<i>`, `/n<i>`, `/e<i>`), by
 * which the activity feed, the notifications and the webhook outbox keep one row per change when
 * a row is replayed after its plan was recorded.
 *
 * A process that stops in between (`kill -9`) leaves the row; `recover` (at start-up, and with
 * several processes by the holder of the orphan-recovery lease, through `LiveEdits.recover`)
 * records the plan of each row whose operation was stored and drops the others (their operation
 * never stored its record, and nobody was told it did). A plan with a `marked` record was stored
 * when that record names the row (`RecordMark`: the operation's own write added it), whatever
 * changed the record since, or named it when it was deleted (`KeptMarks`); the `stored`
 * conditions are checked besides. A stored row's `finish` (a space's boards) is made again
 * before its plan is recorded, while its record stands as the operation left it. A part of a plan
 * planned with `onlyIf` (a board's activity row and event in its space's trash) is recorded only
 * when that record names the row too, live and at replay, and a `namedOnly` list keeps only such
 * records (`space.trashed`'s `boardIds`).
 */
export class RecordEventJournal {
  readonly #o: RecordEventJournalOptions;
  readonly #rows: Collection<RecordEventsRecord>;
  readonly #ids = new TimeOrderedIds('rev_');
  readonly #kept: KeptMarks;

  constructor(options: RecordEventJournalOptions) {
    this.#o = options;
    this.#rows = options.db.collection<RecordEventsRecord>(writeEventCollections.records);
    this.#kept = new KeptMarks(options.db);
  }

  /**
   * Journals `plan`, runs `store` (the operation's writes), then records the plan. When `store`
   * throws, the error is rethrown and the row removed: with nothing recorded when the error is the
   * operation's own refusal (`ServiceError`, thrown before anything was stored), else with the
   * plan recorded if its conditions hold all the same. A plan with nothing to record just runs `store`.
   */
  async record<T>(plan: RecordPlan, store: (mark: RecordMark) => Promise<T>): Promise<T> {
    const waiting = (ids: readonly string[]): Promise<ReadonlySet<string>> => this.#waiting(ids);
    if ((plan.activity?.length ?? 0) + (plan.notifications?.length ?? 0) + (plan.events?.length ?? 0) === 0) return store(new RecordMark(null, plan.marked?.read ?? null, waiting));
    const row = this.#row(plan);
    await this.#rows.insert(row, sharedDurability);
    let result: T;
    try {
      result = await store(new RecordMark(row.id, plan.marked?.read ?? null, waiting));
    } catch (error) {
      // A refusal of the operation's own (a record gone meanwhile) stored nothing; a store failure may have stored it all the same.
      const settled = error instanceof ServiceError ? this.#remove(row.id) : this.#settle(row);
      await settled.catch((err: unknown) => this.#o.logger.error({ err, boardId: row.boardId }, 'record events could not be settled'));
      throw error;
    }
    await this.#apply(await this.#onlyNamed(row));
    // Off the answer's path: a row left by a stop before its removal only records its plan again, which the change keys absorb.
    this.#remove(row.id).catch((error: unknown) => this.#o.logger.error({ err: error, boardId: row.boardId }, 'record events could not be removed from the journal'));
    return result;
  }

  /**
   * Records the plans of rows a stopped process left (their operation is stored) and removes every
   * such row. Call once at start-up, after every subscriber is on the bus; with several processes,
   * the rows of a process still running are left to it. Resolves with the number of rows settled.
   */
  async recover(): Promise<number> {
    const rows = await orphanedRows(await this.#rows.find({}, { sort: [['id', 1]] }), this.#o.owner);
    for (const row of rows) {
      try {
        await this.#settle(row);
      } catch (error) {
        this.#o.logger.error({ err: error, boardId: row.boardId }, 'record events could not be recovered');
      }
    }
    // Ids kept for rows their own process recorded and removed since.
    await this.#kept.prune();
    return rows.length;
  }

  #row(plan: RecordPlan): RecordEventsRecord {
    const at = this.#o.clock.now();
    const id = this.#ids.next(at);
    const activity = (plan.activity ?? []).map(
      (a, i): JournaledActivityRecord => ({ boardId: a.boardId, actorId: a.actorId, action: a.action, data: a.data ?? {}, changeKey: `${id}/a${i}`, ...(a.onlyIf === undefined ? {} : { onlyIf: { ...a.onlyIf } }) }),
    );
    return {
      id,
      boardId: plan.boardId ?? null,
      ...(plan.marked === undefined ? {} : { marked: { collection: plan.marked.collection, id: plan.marked.id } }),
      stored: plan.stored.map(storedCondition),
      ...(plan.finish === undefined ? {} : { finish: { collection: plan.finish.collection, ...(plan.finish.ids === undefined ? {} : { ids: plan.finish.ids }), filter: plan.finish.filter, set: plan.finish.set, when: storedCondition(plan.finish.when) } }),
      activity,
      notifications: (plan.notifications ?? []).map((n, i) => ({ ...n, changeKey: `${id}/n${i}` })),
      events: (plan.events ?? []).map(
        (event, i): JournaledEventRecord => ({
          type: event.type,
          payload: { ...(event.payload as unknown as Record<string, unknown>), changeKey: `${id}/e${i}` },
          ...(event.onlyIf === undefined ? {} : { onlyIf: { ...event.onlyIf } }),
          ...(event.namedOnly === undefined ? {} : { namedOnly: { ...event.namedOnly } }),
        }),
      ),
      at,
      ...(this.#o.owner === undefined ? {} : { processId: this.#o.owner.processId }),
    };
  }

  async #settle(row: RecordEventsRecord): Promise<void> {
    if (await this.#stored(row)) {
      if (row.finish !== undefined) await this.#finish(row);
      await this.#apply(await this.#withoutGoneFeeds(await this.#onlyNamed(row)));
    }
    await this.#remove(row.id);
    if (row.marked !== undefined) await this.#kept.forget([row.id]);
  }

  /** The row without the activity rows of boards deleted for good since it was written: their feed went with them. */
  async #withoutGoneFeeds(row: RecordEventsRecord): Promise<RecordEventsRecord> {
    const gone = new Set<string>();
    for (const boardId of new Set(row.activity.map((activity) => activity.boardId))) {
      if ((await this.#o.db.collection(boardCollections.boards).get(boardId)) === null) gone.add(boardId);
    }
    return gone.size === 0 ? row : { ...row, activity: row.activity.filter((activity) => !gone.has(activity.boardId)) };
  }

  /** Makes the operation's later write again (each record it read carrying the row's id), unless another operation changed its marked record since. */
  async #finish(row: RecordEventsRecord): Promise<void> {
    const finish = row.finish;
    const spec = finish === undefined ? undefined : (checkedCollections[finish.collection as keyof typeof checkedCollections] as CollectionSpec | undefined);
    if (finish === undefined || spec === undefined || !(await this.#holds(finish.when))) return;
    const collection = this.#o.db.collection<{ id: string } & RecordEventMarks>(spec);
    if (finish.ids !== undefined && finish.ids.length > 0) {
      const reads = await collection.find({ id: { $in: [...finish.ids] } });
      await new RecordMark(row.id, null, (ids) => this.#waiting(ids)).updateEach(collection, reads, finish.filter as never, { $set: finish.set as never });
    }
    await collection.updateMany(finish.filter as never, { $set: finish.set as never });
  }

  async #stored(row: RecordEventsRecord): Promise<boolean> {
    if (row.marked !== undefined && !(await this.#naming(row.id, [row.marked])).has(conditionKey(row.marked))) return false;
    for (const check of row.stored) if (!(await this.#holds(check))) return false;
    return true;
  }

  /** The row without the parts whose record does not name it (`onlyIf`, `namedOnly`): their writes never happened. */
  #onlyNamed(row: RecordEventsRecord): Promise<RecordEventsRecord> {
    return onlyNamedParts(row, (conditions) => this.#naming(row.id, conditions), conditionKey);
  }

  /** Of `conditions`, the keys (`conditionKey`) of the records that name row `rowId`, or named it when they were deleted. */
  async #naming(rowId: string, conditions: readonly MarkConditionRecord[]): Promise<Set<string>> {
    const naming = new Set<string>();
    const byCollection = new Map<string, string[]>();
    for (const condition of conditions) byCollection.set(condition.collection, [...(byCollection.get(condition.collection) ?? []), condition.id]);
    for (const [key, ids] of byCollection) {
      const spec = checkedCollections[key as keyof typeof checkedCollections] as CollectionSpec | undefined;
      if (spec === undefined) continue;
      const collection = this.#o.db.collection<{ id: string } & RecordEventMarks>(spec);
      for (let i = 0; i < ids.length; i += idsPerRead) {
        const part = ids.slice(i, i + idsPerRead);
        const records = part.length === 1 ? [await collection.get(part[0] as string)].filter((record) => record !== null) : await collection.find({ id: { $in: part } });
        const named = new Set(records.filter((record) => markedRows(record).includes(rowId)).map((record) => record.id));
        for (const id of part) {
          // A record deleted since (or deleted and made again) named the row when its marks were kept.
          if (named.has(id) || (await this.#kept.named(rowId, spec.name, id))) naming.add(conditionKey({ collection: key, id }));
        }
      }
    }
    return naming;
  }

  async #holds(check: StoredConditionRecord): Promise<boolean> {
    const spec = checkedCollections[check.collection as keyof typeof checkedCollections] as CollectionSpec | undefined;
    if (spec === undefined) return false;
    const found = await this.#o.db.collection(spec).findOne(check.filter as never);
    return (found === null) === (check.absent === true);
  }

  async #apply(row: RecordEventsRecord): Promise<void> {
    for (const activity of row.activity) await this.#o.activity.record({ ...activity, data: { ...activity.data } });
    for (const notification of row.notifications) await this.#o.notifications.notify(notification as unknown as NewNotification);
    for (const event of row.events) await this.#o.events.emit(event.type as DomainEventType, event.payload as never);
  }

  async #waiting(ids: readonly string[]): Promise<ReadonlySet<string>> {
    const rows = await this.#rows.find({ id: { $in: ids } });
    return new Set(rows.map((row) => row.id));
  }

  async #remove(id: string): Promise<void> {
    // Without an fsync of its own: a row a power loss brings back only records its plan again.
    await this.#rows.deleteMany({ id }, sharedDurability);
  }
}

/** Records read per `$in` when telling which records name a row. */
const idsPerRead = 500;

function conditionKey(condition: MarkConditionRecord): string {
  return `${condition.collection} ${condition.id}`;
}

function storedCondition(check: StoredCheck): StoredConditionRecord {
  return { collection: check.collection, filter: check.filter, ...(check.absent ? { absent: true as const } : {}) };
}
