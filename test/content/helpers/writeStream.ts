import * as Y from 'yjs';
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
  /** Called after every acknowledged REST write with the count so far; the crash test kills the server from here. */
  onAck(count: number): void;
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
        options.onAck(record.acked.length);
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
