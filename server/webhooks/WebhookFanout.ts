import { createHash } from 'node:crypto';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { DuplicateKeyError, sharedDurability } from '../../storage/index.js';
import type { WebhookDeliveryRecord, WebhookEventRecord, WebhookRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import { pendingDelivery } from './outboxRows.js';
import type { WebhookAudience } from './WebhookAudience.js';
import type { WebhookSubscriptions } from './WebhookSubscriptions.js';

/** Events fanned out per step: the audience of a board is worked out, and the deliveries already stored are read, once per step. */
const eventsPerSlice = 20;

/** Event rows read per recovery pass. */
const recoveryPage = 500;

/** What `WebhookFanout` needs. */
export interface WebhookFanoutOptions {
  clock: Clock;
  /** Deliveries of this webhook were stored: attempt them soon. */
  wake: (webhookId: string) => void;
  /** The space of a board (for `spaceIds` filters, when the event did not carry it). */
  spaceOf: (boardId: string) => Promise<string | null>;
  audience: Pick<WebhookAudience, 'hooksFor'>;
  /** The enabled webhooks as this process holds them (read once per step, searched for each board); without it the audience reads them. */
  subscriptions?: Pick<WebhookSubscriptions, 'current'> | undefined;
  logger?: { error(context: object, message: string): void };
  /** Resolves when the next event may be fanned out (`ForegroundRequests.quiet`): the requests being handled go first. Default: at once. */
  quiet?: () => Promise<void>;
}

/**
 * Turns recorded events (`WebhookEventRecord`, written by `WebhookOutbox` before the write that
 * caused them is answered) into one outbox row per webhook that hears each (`WebhookAudience`: its
 * owner can read the event's board; then its board and space filters), after the answer, each
 * event once no request is being handled (`quiet`). Each slice of events is fanned out with one
 * read of what it needs: the enabled webhooks come from `WebhookSubscriptions` (no read alone, one
 * version check per turn with several processes), the audience of each board is worked out once,
 * and the deliveries already stored for the slice's keyed events are read in one query; the new
 * deliveries are written together (one commit on sqlite). The event rows are removed once their
 * deliveries are stored. A delivery's id derives from the event row and the webhook, so an event
 * fanned out twice (a row a crash left, recovered while or after it was fanned out, by this process
 * or another) stores its delivery once; an event named by a change key is also looked up by webhook
 * and event id, so the same change recorded twice (two rows) is delivered once.
 */
export class WebhookFanout {
  readonly #db: Database;
  readonly #events: Collection<WebhookEventRecord>;
  readonly #deliveries: Collection<WebhookDeliveryRecord>;
  readonly #o: WebhookFanoutOptions;
  /** Rows recorded by this process and not fanned out yet, in order. */
  readonly #queue: WebhookEventRecord[] = [];
  /** Ids of the rows in `#queue` or being fanned out, which recovery leaves alone. */
  readonly #mine = new Set<string>();
  #draining: Promise<void> | null = null;

  constructor(db: Database, options: WebhookFanoutOptions) {
    this.#db = db;
    this.#events = db.collection<WebhookEventRecord>(webhookCollections.events);
    this.#deliveries = db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries);
    this.#o = options;
  }

  /** Fans out `row` (already stored) soon, after the current turn. */
  enqueue(row: WebhookEventRecord): void {
    this.#queue.push(row);
    this.#mine.add(row.id);
    if (this.#draining === null) this.#draining = this.#drain();
  }

  /** Resolves once every row enqueued so far is fanned out (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#draining !== null) await this.#draining;
  }

  /**
   * Fans out the rows another process (or this one before a crash) recorded and did not finish,
   * recorded at least `graceMs` ago; returns how many. Run by the outbox's delivering process.
   */
  async recover(graceMs: number): Promise<number> {
    const rows = await this.#events.find({ createdAt: { $lte: this.#o.clock.now() - graceMs } }, { sort: [['id', 1]], limit: recoveryPage });
    const orphans = rows.filter((row) => !this.#mine.has(row.id));
    for (const row of orphans) this.enqueue(row);
    return orphans.length;
  }

  async #drain(): Promise<void> {
    try {
      // Never in the turn that recorded the event: the write is answered first.
      await nextTurn();
      while (this.#queue.length > 0) {
        const slice = this.#queue.splice(0, eventsPerSlice);
        try {
          await this.#fanOut(slice);
        } catch (error) {
          // The rows stay stored: the next recovery pass fans them out again.
          this.#o.logger?.error({ err: error }, 'webhook fan-out failed');
        } finally {
          for (const row of slice) this.#mine.delete(row.id);
        }
        if (this.#queue.length > 0) await nextTurn();
      }
    } finally {
      this.#draining = null;
    }
  }

  async #fanOut(rows: readonly WebhookEventRecord[]): Promise<void> {
    await this.#o.quiet?.();
    const enabled = await this.#o.subscriptions?.current();
    const wanted: { row: WebhookEventRecord; hook: WebhookRecord }[] = [];
    if (enabled === undefined || enabled.length > 0) {
      const audiences = new Map<string, Promise<WebhookRecord[]>>();
      const spaces = new Map<string, Promise<string | null>>();
      for (const row of rows) {
        const key = row.boardId === null ? `workspace:${row.workspaceId}` : `board:${row.boardId}`;
        let hooks = audiences.get(key);
        if (hooks === undefined) {
          await this.#o.quiet?.();
          hooks = this.#o.audience.hooksFor(row.workspaceId, row.boardId, row.board ?? undefined, enabled);
          audiences.set(key, hooks);
        }
        for (const hook of await this.#wanting(row, await hooks, spaces)) wanted.push({ row, hook });
      }
    }
    // The same change recorded twice (two rows, in this slice or before it) is delivered once.
    const taken = await this.#storedChanges(wanted);
    const fresh = wanted.filter(({ row, hook }) => {
      if (!row.keyed) return true;
      const change = `${hook.id}\n${row.eventId}`;
      if (taken.has(change)) return false;
      taken.add(change);
      return true;
    });
    const now = this.#o.clock.now();
    const insert = ({ row, hook }: { row: WebhookEventRecord; hook: WebhookRecord }): Promise<string | null> =>
      this.#deliveries
        .insert(
          pendingDelivery({
            id: deliveryId(row.id, hook.id),
            webhookId: hook.id,
            workspaceId: hook.workspaceId,
            eventType: row.eventType,
            boardId: row.boardId,
            envelope: { id: row.eventId, json: row.payload },
            nowMs: now,
          }),
          sharedDurability,
        )
        .then(
          () => hook.id,
          (error: unknown) => {
            // Stored by an earlier fan-out of the same row.
            if (error instanceof DuplicateKeyError) return null;
            throw error;
          },
        );
    const inserts = this.#db.batch === undefined ? fresh.map(insert) : this.#db.batch(() => fresh.map(insert));
    const woken = new Set((await Promise.all(inserts)).filter((id) => id !== null));
    await this.#events.deleteMany({ id: { $in: rows.map((row) => row.id) } }, sharedDurability);
    for (const webhookId of woken) this.#o.wake(webhookId);
  }

  /** `<webhook id>\n<event id>` of the deliveries already stored for the keyed events of `wanted`: one read. */
  async #storedChanges(wanted: readonly { row: WebhookEventRecord; hook: WebhookRecord }[]): Promise<Set<string>> {
    const keyed = wanted.filter(({ row }) => row.keyed);
    if (keyed.length === 0) return new Set();
    const found = await this.#deliveries.find({
      webhookId: { $in: [...new Set(keyed.map(({ hook }) => hook.id))] },
      eventId: { $in: [...new Set(keyed.map(({ row }) => row.eventId))] },
    });
    return new Set(found.map((delivery) => `${delivery.webhookId}\n${delivery.eventId}`));
  }

  /** The webhooks of `hooks` that want the row's event: its type, then their board and space filters (`spaces`: the boards' spaces read in this slice). */
  async #wanting(row: WebhookEventRecord, hooks: readonly WebhookRecord[], spaces: Map<string, Promise<string | null>>): Promise<WebhookRecord[]> {
    let spaceId = row.spaceId;
    const wanted: WebhookRecord[] = [];
    for (const hook of hooks) {
      if (!hook.events.includes(row.eventType)) continue;
      if (hook.boardIds !== null && (row.boardId === null || !hook.boardIds.includes(row.boardId))) continue;
      if (hook.spaceIds !== null) {
        if (row.boardId === null) continue;
        spaceId ??= await this.#spaceOf(row.boardId, spaces);
        if (spaceId === null || !hook.spaceIds.includes(spaceId)) continue;
      }
      wanted.push(hook);
    }
    return wanted;
  }

  /** The space of a board, read once per slice (`spaces`). */
  #spaceOf(boardId: string, spaces: Map<string, Promise<string | null>>): Promise<string | null> {
    let space = spaces.get(boardId);
    if (space === undefined) {
      space = this.#o.spaceOf(boardId);
      spaces.set(boardId, space);
    }
    return space;
  }
}

/**
 * The id of the delivery of event row `eventRowId` to `webhookId`: `msg_`, the row's time and
 * sequence (so deliveries sort in the order their events were recorded), and a digest of both ids.
 */
export function deliveryId(eventRowId: string, webhookId: string): string {
  return `msg_${eventRowId.slice(4, 18)}${createHash('sha256').update(`${eventRowId}\n${webhookId}`).digest('hex').slice(0, 10)}`;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
