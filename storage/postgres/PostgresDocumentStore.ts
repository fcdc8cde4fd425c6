import type { Pool, PoolClient } from 'pg';
import type { DocumentStore, LoggedUpdate, LogTail, RecordWithUpdates, StoredDocument } from '../DocumentStore.js';
import { KeyedChain } from '../KeyedChain.js';
import { packSnapshot, unpackSnapshot } from '../snapshotParts.js';
import { compactionFenced } from '../errors.js';
import { encodeString, toStoredJson } from './nulSafeJson.js';
import { inTransaction } from './transaction.js';

/**
 * Updates of a log read per query by `load`: the driver decodes each answer on the event loop,
 * so a long log is read as answers of bounded size, each decoded in its own turn.
 */
const logRowsPerQuery = 1000;

/**
 * An append: upserts the document's head, adding the number of updates to `last_seq`, and logs
 * the updates under the numbers it reserved, in one statement. Prepared once per connection
 * (a named statement): parsing and planning it again for every append cost the server more than
 * running it.
 */
const appendWith = `WITH head AS (
    INSERT INTO doc_heads AS h (doc_id, last_seq) VALUES ($1, $2::bigint)
    ON CONFLICT (doc_id) DO UPDATE SET last_seq = h.last_seq + $2::bigint
    RETURNING last_seq
  ), logged AS (
    INSERT INTO doc_log (doc_id, seq, data)
    SELECT $1, head.last_seq - $2::bigint + u.ord, u.data FROM head, unnest($3::bytea[]) WITH ORDINALITY AS u(data, ord)
  )`;
const appendSql = `${appendWith}
  SELECT last_seq FROM head`;

/**
 * `appendSql` with the records of each of `tables` inserted by the same statement (one commit:
 * both or neither), table i's ids and records in parameters 4 + 2i and 5 + 2i.
 */
function appendWithRecordsSql(tables: readonly string[]): string {
  const inserts = tables.map((table, i) => `, r${i} AS (INSERT INTO ${table} (id, doc) SELECT r.id, r.doc::jsonb FROM unnest($${4 + 2 * i}::text[], $${5 + 2 * i}::text[]) AS r(id, doc))`);
  return `${appendWith}${inserts.join('')}
  SELECT last_seq FROM head`;
}

/** Records grouped by collection, in the order each collection first comes. */
function byCollection(records: readonly RecordWithUpdates[]): Map<string, RecordWithUpdates['record'][]> {
  const groups = new Map<string, RecordWithUpdates['record'][]>();
  for (const { collection, record } of records) {
    const group = groups.get(collection);
    if (group === undefined) groups.set(collection, [record]);
    else group.push(record);
  }
  return groups;
}

type SnapshotRow = { seq: string; data: Buffer; parts: number[] | null };
type LogRow = { seq: string; data: Buffer };

/** A blob as a Uint8Array over the driver's buffer (each row has a buffer of its own). */
function bytesOf(blob: Buffer): Uint8Array {
  return new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength);
}

/** The updates logged for `docId` after `afterSeq`, in number order, `logRowsPerQuery` a query (inside the caller's transaction). */
async function logAfter(client: PoolClient, docId: string, afterSeq: number): Promise<LoggedUpdate[]> {
  const logged: LoggedUpdate[] = [];
  for (let rows = logRowsPerQuery; rows === logRowsPerQuery; ) {
    const page = await client.query<LogRow>(`SELECT seq, data FROM doc_log WHERE doc_id = $1 AND seq > $2 ORDER BY seq LIMIT ${logRowsPerQuery}`, [
      docId,
      logged.at(-1)?.seq ?? afterSeq,
    ]);
    for (const row of page.rows) logged.push({ seq: Number(row.seq), update: bytesOf(row.data) });
    rows = page.rows.length;
  }
  return logged;
}

/**
 * Board documents in PostgreSQL, safe for several processes writing one document:
 *
 * - `doc_heads` (doc_id, last_seq, deleted_seq): one row per document. An append is one
 *   statement that upserts the row, adding its number of updates to `last_seq`, and inserts
 *   the updates into `doc_log` under the numbers it reserved. The row stays locked until the
 *   append commits, so appends to one document commit one after another, in the order of their
 *   numbers: no load ever sees a later update without the earlier ones, whichever process wrote
 *   them. Records given with the updates (`appendsRecords`) are inserted by the same statement.
 * - `doc_snapshots` (doc_id, seq, data, parts): the compacted state up to `seq`; `parts` the part
 *   sizes of a snapshot stored in parts. A compaction stores it (unless a later one is stored)
 *   and trims the log up to `seq` in one transaction: updates appended meanwhile have higher
 *   numbers and stay. It holds the head row with `FOR KEY SHARE`, which appends do not wait for.
 * - A delete locks the head row `FOR UPDATE` (waiting for appends and compactions in flight),
 *   records `deleted_seq`, and removes the log and snapshot. A compaction of what was read
 *   before the delete (up to a number at or below `deleted_seq`) is then ignored, so it cannot
 *   bring the board back; numbers are never reused.
 *
 * Every write commits with `synchronous_commit = on` before it resolves, so `sync` has nothing
 * left to wait for.
 */
export class PostgresDocumentStore implements DocumentStore {
  readonly #pool: Pool;
  readonly #ready: () => Promise<void>;
  readonly #tableOf: ((collection: string) => Promise<string>) | undefined;
  /** Appends per document in this process, chained so that they take their numbers in call order. */
  readonly #appendChains = new KeyedChain();

  /**
   * `ready` resolves once the store's tables exist (it is called before every operation);
   * `tableOf` resolves with the table of a collection once it exists (rejects for one not
   * opened), for the records an append inserts. Without it, `appendsRecords` is false.
   */
  constructor(pool: Pool, ready: () => Promise<void>, tableOf?: (collection: string) => Promise<string>) {
    this.#pool = pool;
    this.#ready = ready;
    this.#tableOf = tableOf;
    this.appendsRecords = tableOf !== undefined;
  }

  readonly appendsRecords: boolean;

  /** With `records`: the updates and the records in one statement, so one commit stores both or neither. */
  async append(docId: string, updates: readonly Uint8Array[], records?: readonly RecordWithUpdates[]): Promise<number> {
    return this.#appendChains.run(docId, () => this.#appendNow(docId, updates, records));
  }

  async #appendNow(docId: string, updates: readonly Uint8Array[], records: readonly RecordWithUpdates[] | undefined): Promise<number> {
    await this.#ready();
    if (records !== undefined && records.length > 0) return this.#appendWithRecords(docId, updates, records);
    if (updates.length === 0) return this.#lastStoredSeq(docId);
    const { rows } = await this.#pool.query<{ last_seq: string }>({ name: 'boards_doc_append', text: appendSql, values: [docId, updates.length, updates] });
    return Number(rows[0]?.last_seq);
  }

  async #appendWithRecords(docId: string, updates: readonly Uint8Array[], records: readonly RecordWithUpdates[]): Promise<number> {
    const tableOf = this.#tableOf;
    if (tableOf === undefined) throw new TypeError('This store was made without the tables of its collections: an append takes no records.');
    const groups = [...byCollection(records)];
    const tables = await Promise.all(groups.map(([collection]) => tableOf(collection)));
    const values: unknown[] = [docId, updates.length, updates];
    for (const [, group] of groups) values.push(group.map((record) => encodeString(record.id)), group.map((record) => toStoredJson(record)));
    const { rows } = await this.#pool.query<{ last_seq: string }>({ name: `boards_doc_append_with:${tables.join(',')}`, text: appendWithRecordsSql(tables), values });
    return Number(rows[0]?.last_seq);
  }

  /** The number of the last update stored (in the log or the snapshot); 0 when none. */
  async #lastStoredSeq(docId: string): Promise<number> {
    const { rows } = await this.#pool.query<{ seq: string }>(
      `SELECT greatest(coalesce((SELECT max(seq) FROM doc_log WHERE doc_id = $1), 0), coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = $1), 0)) AS seq`,
      [docId],
    );
    return Number(rows[0]?.seq ?? 0);
  }

  /**
   * The snapshot and the updates logged after it, read in one repeatable-read transaction (one
   * view of the store, however many queries the log takes), `logRowsPerQuery` updates a query.
   */
  async load(docId: string): Promise<StoredDocument> {
    await this.#ready();
    return inTransaction(this.#pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
      const snapshot = (await client.query<SnapshotRow>('SELECT seq, data, parts FROM doc_snapshots WHERE doc_id = $1', [docId])).rows[0];
      const snapshotSeq = snapshot === undefined ? 0 : Number(snapshot.seq);
      const logged = await logAfter(client, docId, snapshotSeq);
      return {
        snapshot: snapshot === undefined ? null : unpackSnapshot(bytesOf(snapshot.data), snapshot.parts),
        updates: logged.map((entry) => entry.update),
        lastSeq: logged.at(-1)?.seq ?? snapshotSeq,
      };
    });
  }

  /**
   * The log after `afterSeq`, in one repeatable-read transaction (as `load`); null when the
   * snapshot covers a number after it, or the document was deleted after it (`deleted_seq`).
   */
  async readLogAfter(docId: string, afterSeq: number): Promise<LogTail | null> {
    await this.#ready();
    return inTransaction(this.#pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
      const bounds = await client.query<{ snapshot_seq: string | null; deleted_seq: string | null }>(
        'SELECT (SELECT seq FROM doc_snapshots WHERE doc_id = $1) AS snapshot_seq, (SELECT deleted_seq FROM doc_heads WHERE doc_id = $1) AS deleted_seq',
        [docId],
      );
      const row = bounds.rows[0];
      if (Number(row?.snapshot_seq ?? 0) > afterSeq || Number(row?.deleted_seq ?? 0) > afterSeq) return null;
      const updates = await logAfter(client, docId, afterSeq);
      return { updates, lastSeq: updates.at(-1)?.seq ?? afterSeq };
    });
  }

  /**
   * Stores the snapshot as the state up to `upToSeq` (unless a later one is stored) and trims the
   * log it covers, in one transaction. Ignored when the document was deleted after the state it
   * holds was read (see the class comment). Throws TypeError when `snapshot` has no part, and
   * `compaction_fenced` (nothing changed) when `fence` is below the highest fence accepted for
   * the document, kept in its `doc_snapshots` row: the row is locked while it is compared and
   * written, so of two compactions the later fence wins whichever commits first.
   */
  async compact(docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence?: number): Promise<void> {
    const { data, sizes } = packSnapshot(snapshot);
    await this.#ready();
    await inTransaction(this.#pool, 'BEGIN', async (client) => {
      // The head of a new board, whose first state is stored as a snapshot at 0.
      await client.query('INSERT INTO doc_heads (doc_id, last_seq) VALUES ($1, $2) ON CONFLICT (doc_id) DO NOTHING', [docId, upToSeq]);
      const head = (await client.query<{ deleted_seq: string }>('SELECT deleted_seq FROM doc_heads WHERE doc_id = $1 FOR KEY SHARE', [docId])).rows[0];
      if (upToSeq > 0 && upToSeq <= Number(head?.deleted_seq ?? 0)) return;
      if (fence !== undefined) {
        // Locked to the commit: a compaction under another fence waits here, then compares.
        const row = (await client.query<{ fence: string }>('SELECT fence FROM doc_snapshots WHERE doc_id = $1 FOR UPDATE', [docId])).rows[0];
        const accepted = Number(row?.fence ?? 0);
        if (accepted > fence) throw compactionFenced(docId, fence, accepted);
      }
      const stored = await client.query(
        `INSERT INTO doc_snapshots AS s (doc_id, seq, data, parts, fence) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (doc_id) DO UPDATE SET seq = excluded.seq, data = excluded.data, parts = excluded.parts, fence = greatest(s.fence, excluded.fence)
         WHERE s.seq <= excluded.seq AND ($6::bigint IS NULL OR s.fence <= $6::bigint)`,
        [docId, upToSeq, data, sizes === null ? null : [...sizes], fence ?? 0, fence ?? null],
      );
      // Two first compactions of a document at once: the row did not exist to be locked, and the other one's fence is higher.
      if (fence !== undefined && stored.rowCount === 0) {
        const accepted = Number((await client.query<{ fence: string }>('SELECT fence FROM doc_snapshots WHERE doc_id = $1', [docId])).rows[0]?.fence ?? 0);
        if (accepted > fence) throw compactionFenced(docId, fence, accepted);
      }
      await client.query('DELETE FROM doc_log WHERE doc_id = $1 AND seq <= $2', [docId, upToSeq]);
    });
  }

  /** From `doc_heads`, one row per document, in one query. */
  async lastSeqs(docIds: readonly string[]): Promise<Map<string, number>> {
    await this.#ready();
    const seqs = new Map(docIds.map((docId) => [docId, 0]));
    if (docIds.length === 0) return seqs;
    // Prepared: every process of a cluster runs it every 5 s (DocumentReplication.checkStored).
    const { rows } = await this.#pool.query<{ doc_id: string; last_seq: string }>({
      name: 'boards_doc_last_seqs',
      text: 'SELECT doc_id, last_seq FROM doc_heads WHERE doc_id = ANY($1::text[])',
      values: [[...docIds]],
    });
    for (const row of rows) seqs.set(row.doc_id, Number(row.last_seq));
    return seqs;
  }

  async pendingUpdates(docId: string): Promise<number> {
    await this.#ready();
    const { rows } = await this.#pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM doc_log WHERE doc_id = $1 AND seq > coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = $1), 0)',
      [docId],
    );
    return rows[0]?.n ?? 0;
  }

  async delete(docId: string): Promise<void> {
    await this.#ready();
    await inTransaction(this.#pool, 'BEGIN', async (client) => {
      await client.query('SELECT 1 FROM doc_heads WHERE doc_id = $1 FOR UPDATE', [docId]);
      await client.query('UPDATE doc_heads SET deleted_seq = last_seq WHERE doc_id = $1', [docId]);
      await client.query('DELETE FROM doc_log WHERE doc_id = $1', [docId]);
      await client.query('DELETE FROM doc_snapshots WHERE doc_id = $1', [docId]);
    });
  }

  /** Every write has committed durably when it resolves: nothing more to wait for. */
  async sync(): Promise<void> {}
}
