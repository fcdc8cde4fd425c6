import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { createItem, itemsMapName } from '../../crdt/index.js';
import type { Database } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { LiveItemChangeRecord } from '../../storage/schema/liveEdits.js';
import { liveEditCollections } from '../../storage/schema/liveEdits.js';
import type { WebhookDeliveryRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { boardRecord } from './boardRecord.js';
import { clientChange, liveEditProcess } from './liveEditProcess.js';

const board = boardRecord('brd_1');

function deliveries(db: Database): Promise<WebhookDeliveryRecord[]> {
  return db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries).find({}, { sort: [['id', 1]] });
}

describe('a live change emitted twice has one webhook delivery', () => {
  let db: Database;

  afterEach(async () => {
    await db.close();
  });

  it('when two processes each take the same client update as new (a client resending to a second process what the first stored but never relayed)', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    await db.collection<BoardRecord>(boardCollections.boards).insert(board);
    const first = liveEditProcess(db, 10);
    const second = liveEditProcess(db, 10);
    const [copyA, copyB] = [await first.documents.open('brd_1'), await second.documents.open('brd_1')];
    const client = new Y.Doc();
    let itemId = '';
    const created = clientChange(client, () => {
      itemId = createItem(client, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'one' } }, { actorId: 'client' }, 0).id;
    });
    // Both copies take it from the socket: neither has it from the other.
    Y.applyUpdate(copyA, created, 'socket');
    first.live.edited('brd_1', 'usr_b');
    Y.applyUpdate(copyB, created, 'socket');
    second.live.edited('brd_1', 'usr_b');
    await vi.waitFor(() => expect([first.seen.length, second.seen.length]).toEqual([1, 1]));
    expect(first.seen[0]?.payload.changeKey).toBeDefined();
    expect(first.seen[0]?.payload.changeKey).toBe(second.seen[0]?.payload.changeKey);
    await vi.waitFor(async () => expect((await deliveries(db)).map((row) => row.eventType)).toEqual(['item.created']));

    // The same for an update and a deletion.
    const textOf = (doc: Y.Doc): Y.Text => ((doc.getMap(itemsMapName).get(itemId) as Y.Map<unknown>).get('data') as Y.Map<unknown>).get('text') as Y.Text;
    Y.applyUpdate(client, Y.encodeStateAsUpdate(copyA));
    const edited = clientChange(client, () => textOf(client).insert(3, ' two'));
    Y.applyUpdate(copyA, edited, 'socket');
    first.live.edited('brd_1', 'usr_b');
    Y.applyUpdate(copyB, edited, 'socket');
    second.live.edited('brd_1', 'usr_b');
    await vi.waitFor(() => expect([first.seen.length, second.seen.length]).toEqual([2, 2]));
    expect(first.seen[1]?.payload.changeKey).toBe(second.seen[1]?.payload.changeKey);
    const removed = clientChange(client, () => client.getMap(itemsMapName).delete(itemId));
    Y.applyUpdate(copyA, removed, 'socket');
    first.live.edited('brd_1', 'usr_b');
    Y.applyUpdate(copyB, removed, 'socket');
    second.live.edited('brd_1', 'usr_b');
    await vi.waitFor(() => expect([first.seen.length, second.seen.length]).toEqual([3, 3]));
    await vi.waitFor(async () => expect((await deliveries(db)).map((row) => row.eventType)).toEqual(['item.created', 'item.updated', 'item.deleted']));
    expect(new Set((await deliveries(db)).map((row) => row.eventId)).size).toBe(3);
    await Promise.all([first.live.close(), second.live.close()]);
    await Promise.all([first.documents.close(), second.documents.close()]);
  });

  it('when a process was killed after emitting and before clearing its journal, and the next one replays the rows', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    await db.collection<BoardRecord>(boardCollections.boards).insert(board);
    const journal = db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
    const killed = liveEditProcess(db, 10);
    const doc = await killed.documents.open('brd_1');
    const client = new Y.Doc();
    Y.applyUpdate(doc, clientChange(client, () => createItem(client, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'one' } }, { actorId: 'client' }, 0)), 'socket');
    await Promise.resolve();
    const rows = await journal.find({});
    expect(rows).toHaveLength(1);
    killed.live.edited('brd_1', 'usr_b');
    await vi.waitFor(async () => expect(await deliveries(db)).toHaveLength(1));
    await killed.documents.whenPersisted('brd_1');
    // The kill came between the events and the journal's removal: its rows are back.
    await vi.waitFor(async () => expect(await journal.count({})).toBe(0));
    for (const row of rows) await journal.insert(row);

    const next = liveEditProcess(db, 10);
    expect(await next.live.recover()).toBe(1);
    expect(next.seen.map((event) => event.type)).toEqual(['item.created']);
    expect(next.seen[0]?.payload.changeKey).toBe(killed.seen[0]?.payload.changeKey);
    expect(await deliveries(db)).toHaveLength(1);
    await Promise.all([killed.live.close(), next.live.close()]);
    await Promise.all([killed.documents.close(), next.documents.close()]);
  });

  it('two different states of an item are two changes, even when their values are equal (a text changed and changed back)', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    await db.collection<BoardRecord>(boardCollections.boards).insert(board);
    const p = liveEditProcess(db, 10);
    const doc = await p.documents.open('brd_1');
    const client = new Y.Doc();
    let itemId = '';
    Y.applyUpdate(doc, clientChange(client, () => (itemId = createItem(client, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'one' } }, { actorId: 'client' }, 0).id)), 'socket');
    p.live.edited('brd_1', 'usr_b');
    await vi.waitFor(() => expect(p.seen).toHaveLength(1));
    const text = (): Y.Text => ((client.getMap(itemsMapName).get(itemId) as Y.Map<unknown>).get('data') as Y.Map<unknown>).get('text') as Y.Text;
    Y.applyUpdate(doc, clientChange(client, () => text().insert(3, '!')), 'socket');
    p.live.edited('brd_1', 'usr_b');
    await vi.waitFor(() => expect(p.seen).toHaveLength(2));
    Y.applyUpdate(doc, clientChange(client, () => text().delete(3, 1)), 'socket');
    p.live.edited('brd_1', 'usr_b');
    await vi.waitFor(() => expect(p.seen).toHaveLength(3));
    expect(p.seen[2]?.payload.item).toMatchObject({ data: { text: 'one' } });
    await vi.waitFor(async () => expect((await deliveries(db)).map((row) => row.eventType)).toEqual(['item.created', 'item.updated', 'item.updated']));
    await p.live.close();
    await p.documents.close();
  });
});
