import { expect } from 'vitest';
import * as Y from 'yjs';
import { json } from '../../helpers/testServer.js';
import type { SyncClient } from './syncClient.js';
import { clientCreateSticky, clientItems } from './syncClient.js';

/** A REST write the server answered 2xx: it must survive any crash (DESIGN, Durability contract). */
export type AckedRestWrite =
  | { kind: 'create'; id: string; position: { x: number; y: number } }
  | { kind: 'patch'; id: string; position: { x: number; y: number } };

/** What one stream saw before the server died. */
export interface StreamRecord {
  /** REST writes answered 2xx, in answer order. */
  acked: AckedRestWrite[];
  /** Patches sent and never answered (the crash cut them): their item may hold either position. */
  unanswered: Map<string, { x: number; y: number }[]>;
  /** Item ids the writer client created, in order (one update each). */
  clientWrites: string[];
  /** Writer item ids the probe client received from the server (the server applied and broadcast them), in order. */
  probeSeen: string[];
  /**
   * How many of `probeSeen` were seen before some acknowledged REST write was sent. The server
   * persists in order and a REST write answers only once everything applied before it is
   * stored, so at least these client updates are durable.
   */
  probeSeenCoveredByRestAck: number;
  /** Requests that failed without an HTTP answer (the connection died). */
  cut: number;
}

/** Options of `streamWrites`. */
export interface StreamOptions {
  url: string;
  token: string;
  userId: string;
  boardId: string;
  writer: SyncClient;
  probe: SyncClient;
  /** Prefix of the writer's item ids, unique per stream. */
  prefix: string;
  /** Concurrent REST workers. */
  workers: number;
  /** Most REST requests in total (bounds the stream whatever happens). */
  maxRequests: number;
  /**
   * Called after every acknowledged REST write with the count so far and the record as it stands
   * then; the crash test kills the server from here, the backup test starts a backup.
   */
  onAck(count: number, record: StreamRecord): void;
}

/**
 * Streams REST writes (each worker creates items and moves its own items, one request at a
 * time) interleaved with client updates (the writer creates one item before each REST
 * request), and records what was acknowledged, until requests start failing (the server
 * died) or `maxRequests` were sent.
 */
export async function streamWrites(options: StreamOptions): Promise<StreamRecord> {
  const record: StreamRecord = {
    acked: [],
    unanswered: new Map(),
    clientWrites: [],
    probeSeen: [],
    probeSeenCoveredByRestAck: 0,
    cut: 0,
  };
  const seen = new Set<string>();
  const onProbe = (event: Y.YMapEvent<unknown>): void => {
    for (const key of event.keysChanged) {
      if (key.startsWith(options.prefix) && !seen.has(key) && clientItems(options.probe.doc).get(key) instanceof Y.Map) {
        seen.add(key);
        record.probeSeen.push(key);
      }
    }
  };
  clientItems(options.probe.doc).observe(onProbe);
  let sent = 0;
  let dead = false;
  const items = `${options.url}/v1/boards/${options.boardId}/items`;
  const headers = { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' };

  const worker = async (w: number): Promise<void> => {
    const own: string[] = [];
    for (let i = 0; !dead && sent < options.maxRequests; i += 1) {
      sent += 1;
      const clientId = `${options.prefix}${record.clientWrites.length}`;
      record.clientWrites.push(clientId);
      clientCreateSticky(options.writer.doc, clientId, { x: w, y: i, text: clientId }, options.userId);
      const seenAtSend = record.probeSeen.length;
      const target = own.length > 0 && i % 2 === 1 ? own[i % own.length] : undefined;
      const position = { x: w * 1000 + i, y: sent };
      try {
        let res: Response;
        if (target === undefined) {
          res = await fetch(items, { method: 'POST', headers, body: JSON.stringify({ type: 'sticky_note', position, data: { text: `w${w}` } }) });
        } else {
          const pending = record.unanswered.get(target) ?? [];
          pending.push(position);
          record.unanswered.set(target, pending);
          res = await fetch(`${items}/${target}`, { method: 'PATCH', headers, body: JSON.stringify({ position }) });
          pending.pop();
        }
        if (res.status !== 200 && res.status !== 201) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
        const body = (await res.json()) as { id: string };
        if (target === undefined) own.push(body.id);
        record.acked.push({ kind: target === undefined ? 'create' : 'patch', id: body.id, position });
        record.probeSeenCoveredByRestAck = Math.max(record.probeSeenCoveredByRestAck, seenAtSend);
        options.onAck(record.acked.length, record);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
        // No answer: the process died with the request in flight.
        record.cut += 1;
        dead = true;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
  } finally {
    clientItems(options.probe.doc).unobserve(onProbe);
  }
  return record;
}

/** An item as the REST list shows it, as far as the stream's checks need. */
export interface StreamItem {
  id: string;
  position: { x: number; y: number };
}

/** Every item of the board, read through the REST list page by page. */
export async function readItems(url: string, token: string, boardId: string): Promise<Map<string, StreamItem>> {
  const out = new Map<string, StreamItem>();
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page = await json(fetch(`${url}/v1/boards/${boardId}/items?limit=1000${query}`, { headers: { Authorization: `Bearer ${token}` } }));
    for (const item of page.data as StreamItem[]) out.set(item.id, item);
    cursor = page.nextCursor as string | null;
  } while (cursor !== null);
  return out;
}

/**
 * Asserts that the items read back hold what `record` says was acknowledged: every
 * acknowledged create, each item at its last acknowledged position (or one of the positions in
 * `unanswered`), the client updates as a prefix of those written, and every client update seen
 * before an acknowledged REST write. Returns a report line.
 */
export function expectAcknowledgedWrites(record: StreamRecord, items: Map<string, StreamItem>): string {
  const lastPatch = new Map<string, { x: number; y: number }>();
  for (const write of record.acked) {
    expect(items.has(write.id), `acknowledged ${write.kind} of ${write.id} lost`).toBe(true);
    lastPatch.set(write.id, write.position);
  }
  for (const [id, position] of lastPatch) {
    const allowed = [position, ...(record.unanswered.get(id) ?? [])];
    expect(allowed, `item ${id} lost an acknowledged move`).toContainEqual(items.get(id)?.position);
  }
  const survived = record.clientWrites.map((id) => items.has(id));
  const prefix = survived.indexOf(false) === -1 ? survived.length : survived.indexOf(false);
  // In-order persistence: nothing after the first lost client update survived.
  expect(survived.slice(prefix).filter(Boolean)).toEqual([]);
  const covered = record.probeSeen.slice(0, record.probeSeenCoveredByRestAck);
  expect(covered.filter((id) => !items.has(id))).toEqual([]);
  const seenLost = record.probeSeen.filter((id) => !items.has(id));
  return (
    `${record.acked.length} REST writes acked (${record.cut} cut), all present; ` +
    `client updates: ${record.clientWrites.length} sent, ${record.probeSeen.length} seen by the probe ` +
    `(${covered.length} covered by a later REST ack, all present), ${prefix} survived, ` +
    `${seenLost.length} seen-but-lost`
  );
}
