import { afterEach, describe, expect, it } from 'vitest';
import { DomainEvents } from '../../../server/events/index.js';
import type { DomainEventMap } from '../../../server/events/index.js';
import { WebhookOutbox } from '../../../server/webhooks/WebhookOutbox.js';
import { WebhookSubscriptions } from '../../../server/webhooks/WebhookSubscriptions.js';
import type { Database } from '../../../storage/index.js';
import { ManualClock } from '../../../storage/index.js';
import type { WebhookDeliveryRecord, WebhookEventRecord, WebhookRecord } from '../../../storage/schema/webhooks.js';
import { webhookCollections } from '../../../storage/schema/webhooks.js';
import { SqliteDatabase } from '../../../storage/sqlite/SqliteDatabase.js';
import { boardRecord } from '../../content/boardRecord.js';
import { webhookRecord } from './webhookRecord.js';

/**
 * Issue 54: a write waits for one event row, however many webhooks hear it; the delivery rows
 * (one per webhook) are written after, and an event row whose fan-out a crash cut off is fanned
 * out by whoever recovers it, once per webhook even when two recover it at the same time.
 */

const logger = { error: (): void => undefined, warn: (): void => undefined };
const board = boardRecord('brd_1');

function hook(id: string, events: string[] = ['item.created']): WebhookRecord {
  return webhookRecord(id, events);
}

const tenHooks = Array.from({ length: 10 }, (_, i) => hook(`whk_${i}`));

/** One process's outbox over `db`, whose audience is `hooks` (or fails, as a process dying mid-fan-out). */
function serverProcess(db: Database, hooks: readonly WebhookRecord[] | 'failing', woken: string[] = []) {
  const events = new DomainEvents(logger);
  const audience = {
    hooksFor: () => (hooks === 'failing' ? Promise.reject(new Error('the process died')) : Promise.resolve([...hooks])),
  };
  const subscriptions = new WebhookSubscriptions(db, { read: () => Promise.resolve(hooks === 'failing' ? tenHooks : [...hooks]), shared: false });
  const outbox = new WebhookOutbox(db, { clock: new ManualClock(1_000), wake: (id) => void woken.push(id), spaceOf: () => Promise.resolve(null), audience, subscriptions, logger });
  outbox.subscribe(events);
  return { events, outbox };
}

function created(itemId: string): DomainEventMap['item.created'] {
  return { workspaceId: 'wsp_1', boardId: board.id, actor: { userId: 'usr_a' }, at: 1_000, itemId, source: 'rest', item: { id: itemId } as never };
}

const deliveries = (db: Database): Promise<WebhookDeliveryRecord[]> => db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries).find({});
const eventRows = (db: Database): Promise<WebhookEventRecord[]> => db.collection<WebhookEventRecord>(webhookCollections.events).find({});

describe('webhook fan-out after the answer', () => {
  let db: Database;

  afterEach(async () => {
    await db.close();
  });

  it('an event heard by ten webhooks is one row when the emitter resumes, then ten deliveries and no row', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    const woken: string[] = [];
    const { events, outbox } = serverProcess(db, tenHooks, woken);
    await events.emit('item.created', created('itm_1'));
    // Where the write is answered: the one row is stored, no delivery row yet.
    expect(await eventRows(db)).toHaveLength(1);
    expect(await deliveries(db)).toHaveLength(0);
    await outbox.idle();
    const rows = await deliveries(db);
    expect(rows.map((row) => row.webhookId).sort()).toEqual(tenHooks.map((h) => h.id).sort());
    expect(new Set(rows.map((row) => row.eventId)).size).toBe(1);
    expect(new Set(rows.map((row) => row.id)).size).toBe(10);
    expect(rows.every((row) => row.status === 'pending' && JSON.parse(row.payload).data.id === 'itm_1')).toBe(true);
    expect(await eventRows(db)).toHaveLength(0);
    expect([...woken].sort()).toEqual(tenHooks.map((h) => h.id).sort());
    // Recovering again finds nothing left: no second delivery.
    expect(await outbox.recover(0)).toBe(0);
    expect(await deliveries(db)).toHaveLength(10);
  });

  it('records nothing for an event no enabled webhook wants, and delivers only to the webhooks whose filters take it', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    const onOtherBoard = { ...hook('whk_board'), boardIds: ['brd_other'] };
    const { events, outbox } = serverProcess(db, [hook('whk_updates', ['item.updated']), onOtherBoard]);
    await events.emit('item.created', created('itm_1'));
    expect(await eventRows(db)).toHaveLength(0);
    const both = serverProcess(db, [hook('whk_created'), hook('whk_updates', ['item.updated'])]);
    await both.events.emit('item.created', created('itm_2'));
    await both.outbox.idle();
    await outbox.idle();
    expect((await deliveries(db)).map((row) => row.webhookId)).toEqual(['whk_created']);
  });

  it('a fan-out a crash cut off is made by the process that recovers the row, once per webhook even when two recover it at once', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    const dying = serverProcess(db, 'failing');
    for (const id of ['itm_1', 'itm_2', 'itm_3']) await dying.events.emit('item.created', created(id));
    await dying.outbox.idle();
    // Answered, then cut off before its deliveries were written: the rows are all that is left.
    expect(await eventRows(db)).toHaveLength(3);
    expect(await deliveries(db)).toHaveLength(0);

    const [first, second] = [serverProcess(db, tenHooks), serverProcess(db, tenHooks)];
    const recovered = await Promise.all([first.outbox.recover(0), second.outbox.recover(0)]);
    expect(recovered).toEqual([3, 3]);
    await Promise.all([first.outbox.idle(), second.outbox.idle()]);
    const rows = await deliveries(db);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => `${row.webhookId} ${row.eventId}`)).size).toBe(30);
    expect(await eventRows(db)).toHaveLength(0);
  });

  it('leaves a row recorded less than the grace ago to the process that recorded it', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    const dying = serverProcess(db, 'failing');
    await dying.events.emit('item.created', created('itm_1'));
    await dying.outbox.idle();
    const other = serverProcess(db, tenHooks);
    // Its clock is at the time of the row: not 5 s old yet.
    expect(await other.outbox.recover(5_000)).toBe(0);
    expect(await other.outbox.recover(0)).toBe(1);
    await other.outbox.idle();
    expect(await deliveries(db)).toHaveLength(10);
  });
});
