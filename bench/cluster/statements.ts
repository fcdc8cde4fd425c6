import { randomBytes } from 'node:crypto';
import { batchedFind } from '../../storage/index.js';
import { PostgresDatabase } from '../../storage/postgres/PostgresDatabase.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { treeCpuMs } from './cpuTime.js';

/** CPU per create, in ms, of PostgreSQL and of the client, for one way of running the statements. */
export interface StatementsCpu {
  postgresMs: number;
  clientMs: number;
}

/** Prepared (as the store runs them) against unprepared, measured alternately in one run. */
export interface StatementsRun {
  prepared: StatementsCpu;
  unprepared: StatementsCpu;
  creates: number;
}

type Doc = { id: string } & Record<string, unknown>;

/** One store with the collections a REST item create touches, and the records it reads. */
async function openStore(url: string, maxPreparedStatements: number): Promise<{ db: PostgresDatabase; create: (i: number) => Promise<void> }> {
  const db = await PostgresDatabase.connect({ url, maxPreparedStatements });
  const tag = randomBytes(4).toString('hex');
  const col = <K extends string>(spec: { name: K }) => db.collection<Doc>(spec);
  const users = col(accountCollections.users);
  const keys = col(accountCollections.apiKeys);
  const members = col(boardCollections.boardMembers);
  const events = col(writeEventCollections.events);
  const activity = col(boardCollections.activity);
  const webhooks = col(webhookCollections.webhooks);
  await db.ensureIndexes();
  const user = `usr_${tag}`;
  const board = `brd_${tag}`;
  await users.insert({ id: user, email: `${tag}@example.com`, createdAt: 1 });
  await keys.insert({ id: `key_${tag}`, digest: `digest_${tag}`, userId: user, createdAt: 1 });
  await members.insert({ id: `mem_${tag}`, boardId: board, userId: user, role: 'editor' });
  const create = async (i: number): Promise<void> => {
    await keys.find({ digest: `digest_${tag}` }, { limit: 1 });
    await db.findBatch([
      batchedFind<Doc>(accountCollections.users, { id: user }, { limit: 1 }),
      batchedFind<Doc>(accountCollections.memberships, { userId: user }, { sort: [['createdAt', 1]] }),
      batchedFind<Doc>(accountCollections.workspaces, { ownerId: user }, { limit: 5 }),
    ]);
    await db.findBatch([batchedFind<Doc>(boardCollections.boardMembers, { boardId: board, userId: user }), batchedFind<Doc>(boardCollections.boards, { id: board }, { limit: 1 })]);
    const event = `wev_${tag}_${i}`;
    await events.insert({ id: event, boardId: board, at: i });
    await db.documents.append(board, [new Uint8Array([i & 255, 1, 2, 3])]);
    await activity.insert({ id: `act_${tag}_${i}`, boardId: board, changeKey: `${tag}:${i}` });
    await webhooks.find({ enabled: true });
    await events.deleteMany({ id: { $in: [event] } });
  };
  return { db, create };
}

/**
 * The statements of one REST item create (the caller's key, the two reads of their rights, the
 * write-event journal's insert and delete, the document append, the activity row, the webhook
 * list) run straight against the store by `concurrency` workers, on a store that prepares the
 * statements built from filters and on one that does not, in alternate rounds of `perRound`
 * creates: PostgreSQL's CPU per create (its backends, from `/proc`) and the client's.
 */
export async function measureStatements(url: string, postgresPid: number, options: { rounds: number; perRound: number; concurrency: number }): Promise<StatementsRun> {
  const prepared = await openStore(url, 256);
  const unprepared = await openStore(url, 0);
  const totals = { prepared: { postgresMs: 0, clientMs: 0 }, unprepared: { postgresMs: 0, clientMs: 0 } };
  let next = 0;
  const round = async (store: { create: (i: number) => Promise<void> }, into: StatementsCpu): Promise<void> => {
    const pgBefore = treeCpuMs(postgresPid);
    const clientBefore = process.cpuUsage();
    let left = options.perRound;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (left > 0) {
          left -= 1;
          await store.create((next += 1));
        }
      }),
    );
    const client = process.cpuUsage(clientBefore);
    into.postgresMs += treeCpuMs(postgresPid) - pgBefore;
    into.clientMs += (client.user + client.system) / 1000;
  };
  try {
    // A warm round each (connections open, statements prepared, code optimised), not counted.
    await round(prepared, { postgresMs: 0, clientMs: 0 });
    await round(unprepared, { postgresMs: 0, clientMs: 0 });
    for (let r = 0; r < options.rounds; r++) {
      const order = r % 2 === 0 ? ([prepared, totals.prepared, unprepared, totals.unprepared] as const) : ([unprepared, totals.unprepared, prepared, totals.prepared] as const);
      await round(order[0], order[1]);
      await round(order[2], order[3]);
    }
  } finally {
    await Promise.all([prepared.db.close(), unprepared.db.close()]);
  }
  const creates = options.rounds * options.perRound;
  const per = (cpu: StatementsCpu): StatementsCpu => ({ postgresMs: cpu.postgresMs / creates, clientMs: cpu.clientMs / creates });
  return { prepared: per(totals.prepared), unprepared: per(totals.unprepared), creates };
}
