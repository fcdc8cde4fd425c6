import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry, createItem, itemsMapName } from '../../crdt/index.js';
import { itemChangeKey } from '../../server/content/changeKeys.js';
import { itemEvent } from '../../server/content/itemEvent.js';
import { WriteEventJournal } from '../../server/content/WriteEventJournal.js';
import type { PlannedEvent } from '../../server/content/WriteEventJournal.js';
import { DomainEvents } from '../../server/events/index.js';
import { ManualClock } from '../../storage/index.js';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { WriteEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { describePostgres } from '../helpers/postgres.js';
import { boardRecord } from './boardRecord.js';

const actor = { actorId: 'usr_a' };
const base = { workspaceId: 'wsp_1', boardId: 'brd_1', actor: { userId: 'usr_a' }, at: 1_000 };

/** One process over `db`: a registry that gives up waiting for a store after 300 ms (and retries every few), a bus recording created items, the journal; `halted` stops every write at its first event. */
function serverProcess(db: PostgresDatabase, options: { halted?: boolean } = {}) {
  const clock = new ManualClock(1_000);
  const documents = new DocumentRegistry(db.documents, { clock, sweepIntervalMs: 0, persistTimeoutMs: 300, retryBaseMs: 10, retryMaxMs: 50 });
  const errors: string[] = [];
  const logger = { error: (_context: object, message: string): void => void errors.push(message), warn: (): void => undefined };
  const events = new DomainEvents(logger);
  const created: string[] = [];
  if (options.halted) events.on('board.changed', () => new Promise<void>(() => undefined));
  events.on('item.created', (payload) => void created.push(payload.itemId));
  const journal = new WriteEventJournal({ db, documents, events, clock, logger });
  return { documents, journal, created, errors };
}

/** Creates a sticky note on `brd_1` through the journal of `p`; resolves with the write's outcome and the note's id. */
function createNote(p: ReturnType<typeof serverProcess>): { done: Promise<unknown>; id: () => string } {
  let id = '';
  const plan = (_result: unknown, doc: Y.Doc): PlannedEvent[] => [
    { type: 'board.changed', payload: { ...base, kind: 'content', source: 'rest' } },
    { type: 'item.created', payload: itemEvent(base, id, 'rest', null, itemChangeKey(doc, 'brd_1', 'created', id)) },
  ];
  const done = p.journal.write('brd_1', actor, (doc) => (id = createItem(doc, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'a' } }, actor, 0).id), plan);
  return { done: done.then(() => 'stored', (error: unknown) => (error as { code?: string }).code), id: () => id };
}

/** The item ids of `brd_1` as stored. */
async function storedItems(db: PostgresDatabase): Promise<string[]> {
  const stored = await db.documents.load('brd_1');
  const doc = new Y.Doc();
  for (const update of [...(stored.snapshot ?? []), ...stored.updates]) Y.applyUpdate(doc, update);
  return [...doc.getMap(itemsMapName).keys()];
}

describePostgres("a REST write's journal row and its update in one PostgreSQL transaction", (cluster) => {
  let db: PostgresDatabase;
  let admin: pg.Client;
  let rows: ReturnType<PostgresDatabase['collection']>;
  const processes: ReturnType<typeof serverProcess>[] = [];

  beforeEach(async () => {
    const url = await cluster().createDatabase();
    db = await PostgresDatabase.connect({ url });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await db.collection<BoardRecord>(boardCollections.boards).insert(boardRecord('brd_1'));
    rows = db.collection<WriteEventsRecord>(writeEventCollections.events);
    await db.ensureIndexes();
  });

  afterEach(async () => {
    // A test that failed midway leaves no append refused, so that its processes can close.
    await admin.query('DROP TRIGGER IF EXISTS refuse_log ON doc_log');
    await Promise.all(processes.splice(0).map((p) => p.documents.close()));
    await admin.end();
    await db.close();
  });

  function started(options: { halted?: boolean } = {}): ReturnType<typeof serverProcess> {
    const p = serverProcess(db, options);
    processes.push(p);
    return p;
  }

  /** The next transaction id the cluster will hand out: each transaction that writes takes one. */
  async function nextXid(): Promise<number> {
    return Number((await admin.query<{ xmax: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax')).rows[0]?.xmax);
  }

  it('commits a write in one transaction that writes: the row with the update, not before it', async () => {
    // Halted at its events: the row stays, and nothing the events would write is written.
    const p = started({ halted: true });
    await p.documents.open('brd_1');
    const before = await nextXid();
    const write = createNote(p);
    await expect.poll(() => rows.count({})).toBe(1);
    await p.documents.whenPersisted('brd_1');
    expect(await storedItems(db)).toEqual([write.id()]);
    expect((await nextXid()) - before).toBe(1);
  });

  it('stores neither the row nor the update while the append fails; once it goes through, both, and the events go out once', async () => {
    await admin.query(`CREATE FUNCTION refuse_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the server goes away (test)' USING ERRCODE = '57P01'; END $$`);
    await admin.query('CREATE TRIGGER refuse_log BEFORE INSERT ON doc_log FOR EACH ROW EXECUTE FUNCTION refuse_log()');
    const p = started();
    const write = createNote(p);
    expect(await write.done).toBe('persist_timeout');
    expect(await rows.count({})).toBe(0);
    expect(await storedItems(db)).toEqual([]);
    expect(p.created).toEqual([]);

    await admin.query('DROP TRIGGER refuse_log ON doc_log');
    // Replayed once the update is stored (`#settleWhenStored`), then removed.
    await expect.poll(() => p.created).toEqual([write.id()]);
    expect(await storedItems(db)).toEqual([write.id()]);
    await expect.poll(() => rows.count({})).toBe(0);
    expect(p.created).toEqual([write.id()]);
  });

  it('leaves out a row the store refuses: the update is stored and its events go out, the failure logged', async () => {
    await admin.query(`CREATE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no row (test)'; END $$`);
    await admin.query('CREATE TRIGGER refuse_row BEFORE INSERT ON c_write_events FOR EACH ROW EXECUTE FUNCTION refuse_row()');
    const p = started();
    const write = createNote(p);
    expect(await write.done).toBe('stored');
    expect(p.created).toEqual([write.id()]);
    expect(await storedItems(db)).toEqual([write.id()]);
    expect(await rows.count({})).toBe(0);
    expect(p.errors).toContain('write events could not be journaled');
  });
});
