import { afterEach, describe, expect, it } from 'vitest';
import { AccessService } from '../../../server/access/AccessService.js';
import { AccountService } from '../../../server/accounts/AccountService.js';
import { DomainEvents } from '../../../server/events/index.js';
import type { DomainEventMap } from '../../../server/events/index.js';
import { WebhookAudience } from '../../../server/webhooks/WebhookAudience.js';
import { WebhookOutbox } from '../../../server/webhooks/WebhookOutbox.js';
import { WebhookSubscriptions } from '../../../server/webhooks/WebhookSubscriptions.js';
import type { Collection, CollectionSpec, Database, StoredRecord } from '../../../storage/index.js';
import { ManualClock } from '../../../storage/index.js';
import type { BoardRecord } from '../../../storage/schema/boards.js';
import { boardCollections } from '../../../storage/schema/boards.js';
import type { WebhookDeliveryRecord, WebhookRecord } from '../../../storage/schema/webhooks.js';
import { webhookCollections } from '../../../storage/schema/webhooks.js';
import { SqliteDatabase } from '../../../storage/sqlite/SqliteDatabase.js';
import { boardRecord } from '../../content/boardRecord.js';
import { webhookRecord } from './webhookRecord.js';

/**
 * The webhook fan-out reads what a slice of events needs once, not once per event and webhook:
 * the enabled webhooks come from the subscriptions this process holds, and the deliveries already
 * stored for the slice's keyed events are read in one query. A change recorded twice is still
 * delivered once per webhook, in one slice or across slices.
 */

const logger = { error: (): void => undefined, warn: (): void => undefined };
const board = boardRecord('brd_1');
const hooks = Array.from({ length: 10 }, (_, i) => webhookRecord(`whk_${i}`, ['item.created']));

/** `db`, with every call of a collection method counted as `<collection>.<method>` (each is one round trip on a networked store). */
function counted(db: Database): { db: Database; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const collection = <T extends StoredRecord>(spec: CollectionSpec): Collection<T> => {
    const inner = db.collection<T>(spec);
    return new Proxy(inner, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const name = `${spec.name}.${String(property)}`;
          calls.set(name, (calls.get(name) ?? 0) + 1);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  };
  const other = (target: Database, property: string | symbol): unknown => {
    const value: unknown = Reflect.get(target, property);
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  };
  return { db: new Proxy(db, { get: (target, property) => (property === 'collection' ? collection : other(target, property)) }), calls };
}

/** Calls of collection `name` made since `before` (a copy of the counts), by method. */
function callsOf(calls: Map<string, number>, name: string, before: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, count] of calls) {
    if (!key.startsWith(`${name}.`)) continue;
    const made = count - (before.get(key) ?? 0);
    if (made > 0) out[key.slice(name.length + 1)] = made;
  }
  return out;
}

/** One process's outbox over `db`, with the real audience and subscriptions. */
async function serverProcess(store: Database) {
  const clock = new ManualClock(1_000);
  const accounts = new AccountService(store, clock);
  await accounts.createUser({ email: 'owner@example.com', ids: { userId: 'usr_a', workspaceId: 'wsp_1' } });
  await store.collection<BoardRecord>(boardCollections.boards).insert(board);
  for (const hook of hooks) await store.collection<WebhookRecord>(webhookCollections.webhooks).insert(hook);
  const { db, calls } = counted(store);
  const events = new DomainEvents(logger);
  const audience = new WebhookAudience(db, { access: new AccessService(db, accounts, clock), accounts });
  const subscriptions = new WebhookSubscriptions(db, { read: () => audience.listening(), shared: false });
  const outbox = new WebhookOutbox(db, { clock, wake: () => undefined, spaceOf: () => Promise.resolve(null), audience, subscriptions, logger });
  outbox.subscribe(events);
  return { events, outbox, calls };
}

/** A keyed `item.created` (as journaled writes and live edits emit), carrying no board record: the fan-out reads it. */
function created(itemId: string, changeKey = `created/${board.id}/${itemId}`): DomainEventMap['item.created'] {
  return { workspaceId: 'wsp_1', boardId: board.id, actor: { userId: 'usr_a' }, at: 1_000, itemId, source: 'rest', item: { id: itemId } as never, changeKey };
}

const deliveries = (db: Database): Promise<WebhookDeliveryRecord[]> => db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries).find({});

describe('webhook fan-out round trips', () => {
  let db: Database;

  afterEach(async () => {
    await db.close();
  });

  it('forty keyed events heard by ten webhooks: one read of stored deliveries per slice of twenty, no webhook read, 400 deliveries', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    const { events, outbox, calls } = await serverProcess(db);
    // The first event reads the enabled webhooks once (the subscriptions hold them from then on).
    await events.emit('item.created', created('itm_first'));
    await outbox.idle();
    const before = new Map(calls);
    for (let i = 0; i < 40; i += 1) await events.emit('item.created', created(`itm_${i}`));
    await outbox.idle();

    expect(await deliveries(db)).toHaveLength(410);
    // Per slice: one find of the deliveries already stored (was one findOne per event and webhook: 400).
    expect(callsOf(calls, webhookCollections.deliveries.name, before)).toEqual({ find: 2, insert: 400 });
    // No webhook is read: neither a findOne per board nor the webhooks of the workspace and of the readers.
    expect(callsOf(calls, webhookCollections.webhooks.name, before)).toEqual({});
    // The board is read once per slice (the events do not carry it).
    expect(callsOf(calls, boardCollections.boards.name, before)).toEqual({ get: 2 });
  });

  it('one change recorded twice, in one slice or in two, is delivered once per webhook', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    const { events, outbox } = await serverProcess(db);
    const twice = created('itm_twice', 'created/brd_1/itm_twice/key');
    await events.emit('item.created', twice);
    await events.emit('item.created', twice);
    await outbox.idle();
    expect(await deliveries(db)).toHaveLength(10);
    await events.emit('item.created', twice);
    await outbox.idle();
    const rows = await deliveries(db);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.webhookId)).size).toBe(10);
  });
});
