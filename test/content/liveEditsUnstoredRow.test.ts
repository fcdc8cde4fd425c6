import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { createItem, deleteItem, itemsMapName } from '../../crdt/index.js';
import type { Database } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { LiveItemChangeRecord } from '../../storage/schema/liveEdits.js';
import { liveEditCollections } from '../../storage/schema/liveEdits.js';
import type { WebhookDeliveryRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import { MingoStandInDb } from '../storage/mingoStandIn.js';
import { boardRecord } from './boardRecord.js';
import { clientChange, liveEditProcess } from './liveEditProcess.js';
import { liveRoom } from './liveRoom.js';

/** The stores whose live edits store their journal row before the update (sqlite appends the update first, in the same synchronous step). */
const adapters: [string, () => Database][] = [['the mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())]];

/**
 * From now on, the document store's appends never finish (the process is killed before the
 * append); gives back what undoes it. A held append (a turn with a row) is an `append` call.
 */
function appendsNeverRun(db: Database): () => void {
  const store = db.documents;
  const { append } = store;
  store.append = () => new Promise<number>(() => undefined);
  return () => {
    store.append = append;
  };
}

/**
 * On MongoDB a live edit's journal row is stored before its update: a process killed in between
 * leaves a row whose edit was never stored, nor relayed (its client sends it again on reconnect).
 * Its replay must not tell of a change the stored board does not have.
 */
describe.each(adapters)('a journal row whose update was never stored (%s)', (_name, open) => {
  let db: Database;

  afterEach(async () => {
    await db.close();
  });

  it('replays only what the stored document holds: no creation of an item it lacks, no deletion of one it has', async () => {
    db = open();
    await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('brd_1'));
    const journal = db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
    const killed = liveEditProcess(db, 60_000);
    const kept = await killed.documents.transact('brd_1', (doc) => createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'kept' } }, { actorId: 'usr_a' }, 0).id, {
      actorId: 'usr_a',
    });
    let relays = 0;
    const room = await liveRoom(killed.documents, 'brd_1', () => void (relays += 1), () => killed.live.edited('brd_1', 'usr_b'));
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(await killed.documents.open('brd_1')));
    let acked = '';
    room.send(clientChange(client, () => (acked = createItem(client, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'acked' } }, { actorId: 'client' }, 0).id)));
    await vi.waitFor(() => expect(relays).toBe(1));

    const restore = appendsNeverRun(db);
    let lost = '';
    room.send(
      clientChange(client, () => {
        lost = createItem(client, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'lost' } }, { actorId: 'client' }, 0).id;
        deleteItem(client, kept, { actorId: 'client' }, 0);
        deleteItem(client, acked, { actorId: 'client' }, 0);
      }),
    );
    await vi.waitFor(async () => expect(await journal.count({})).toBe(2));
    await new Promise((resolve) => setImmediate(resolve));
    // The process dies here: the second edit's row is stored, its update is not, and it was never relayed.
    expect(relays).toBe(1);
    expect(killed.seen).toEqual([]);
    restore();

    const next = liveEditProcess(db, 60_000);
    const stored = (await next.documents.open('brd_1')).getMap(itemsMapName);
    expect([stored.has(kept), stored.has(acked), stored.has(lost)]).toEqual([true, true, false]);
    expect(await next.live.recover()).toBe(2);
    expect(next.seen.map((e) => [e.type, e.payload.itemId])).toEqual([['item.created', acked]]);
    expect(next.seen[0]?.payload).toMatchObject({ item: { id: acked, data: { text: 'acked' } } });
    expect(await journal.count({})).toBe(0);
    await next.live.close();
    await next.documents.close();
  });

  it("replays an update never stored with the item's stored state: the key of the update already emitted, so one delivery", async () => {
    db = open();
    await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('brd_1'));
    const journal = db.collection<LiveItemChangeRecord>(liveEditCollections.changes);
    const deliveries = async (): Promise<string[]> => (await db.collection<WebhookDeliveryRecord>(webhookCollections.deliveries).find({}, { sort: [['id', 1]] })).map((d) => d.eventType);
    const earlier = liveEditProcess(db, 10);
    const first = await liveRoom(earlier.documents, 'brd_1', () => undefined, () => earlier.live.edited('brd_1', 'usr_b'));
    const client = new Y.Doc();
    let itemId = '';
    first.send(clientChange(client, () => (itemId = createItem(client, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'one' } }, { actorId: 'client' }, 0).id)));
    await vi.waitFor(() => expect(earlier.seen).toHaveLength(1));
    const text = (): Y.Text => ((client.getMap(itemsMapName).get(itemId) as Y.Map<unknown>).get('data') as Y.Map<unknown>).get('text') as Y.Text;
    first.send(clientChange(client, () => text().insert(3, ' two')));
    await vi.waitFor(() => expect(earlier.seen.map((e) => e.type)).toEqual(['item.created', 'item.updated']));
    await vi.waitFor(async () => expect(await deliveries()).toEqual(['item.created', 'item.updated']));
    await vi.waitFor(async () => expect(await journal.count({})).toBe(0));
    first.close();
    await earlier.live.close();
    await earlier.documents.close();

    const killed = liveEditProcess(db, 60_000);
    let relays = 0;
    const room = await liveRoom(killed.documents, 'brd_1', () => void (relays += 1), () => killed.live.edited('brd_1', 'usr_b'));
    const restore = appendsNeverRun(db);
    room.send(clientChange(client, () => text().insert(7, ' three')));
    await vi.waitFor(async () => expect(await journal.count({})).toBe(1));
    await new Promise((resolve) => setImmediate(resolve));
    // The process dies here, before the append and before its window closed.
    expect(relays).toBe(0);
    restore();

    const next = liveEditProcess(db, 60_000);
    expect(await next.live.recover()).toBe(1);
    expect(next.seen.map((e) => e.type)).toEqual(['item.updated']);
    expect(next.seen[0]?.payload).toMatchObject({ item: { data: { text: 'one two' } } });
    expect(next.seen[0]?.payload.changeKey).toBe(earlier.seen[1]?.payload.changeKey);
    expect(await deliveries()).toEqual(['item.created', 'item.updated']);
    await next.live.close();
    await next.documents.close();
  });
});
