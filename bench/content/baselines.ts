import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { fanoutWarm } from './fanout.js';
import type { LatencySummary } from './stats.js';
import { createOperations, moveOperations, warmBatches } from './restBench.js';
import { median, nowMs, summarize, timeMs } from './stats.js';

/** Raw Yjs costs of the same board in this process, in ms. */
export interface YjsBaseline {
  bytes: number;
  /** `Y.applyUpdate` of the full state into a fresh doc (median of 3). */
  applyMs: number;
  /** `Y.encodeStateAsUpdate` of the board (median of 3). */
  encodeMs: number;
  /** One transaction moving 100 items (`x` and `y` of each), plus encoding its update (median of `timedRounds`, after `warmBatches.moves` untimed). */
  move100Ms: number;
  /** One transaction creating 100 sticky-note maps (the fields a REST create writes), plus encoding its update (median of `timedRounds`, after `warmBatches.creates` untimed). */
  create100Ms: number;
}

/** Timed rounds of the raw 100-operation transactions (their medians), after as many untimed ones as the servers' batches get (`warmBatches`). */
export const timedRounds = 25;

/** Measures raw Yjs on `state` (a full-state update of the board). */
export function measureYjs(state: Uint8Array): YjsBaseline {
  const apply: number[] = [];
  const encode: number[] = [];
  let doc = new Y.Doc();
  for (let i = 0; i < 3; i += 1) {
    doc.destroy();
    doc = new Y.Doc();
    const start = nowMs();
    Y.applyUpdate(doc, state);
    apply.push(nowMs() - start);
    const mid = nowMs();
    Y.encodeStateAsUpdate(doc);
    encode.push(nowMs() - mid);
  }
  const items = doc.getMap<Y.Map<unknown>>('items');
  const ids = [...items.keys()].slice(0, 100);
  // Untimed rounds first, as many as the servers' batches get: the servers are measured warm, and so is Yjs.
  const moves: number[] = [];
  for (let round = 0; round < warmBatches.moves + timedRounds; round += 1) {
    const before = Y.encodeStateVector(doc);
    const start = nowMs();
    // A move writes both coordinates, as the batches' moves do.
    doc.transact(() => {
      ids.forEach((id, i) => {
        const entry = items.get(id);
        entry?.set('x', round);
        entry?.set('y', i);
      });
    });
    Y.encodeStateAsUpdate(doc, before);
    if (round >= warmBatches.moves) moves.push(nowMs() - start);
  }
  const creates: number[] = [];
  for (let round = 0; round < warmBatches.creates + timedRounds; round += 1) {
    const before = Y.encodeStateVector(doc);
    const start = nowMs();
    doc.transact(() => {
      for (let i = 0; i < 100; i += 1) {
        const entry = new Y.Map<unknown>();
        for (const [key, value] of Object.entries({ type: 'sticky_note', x: i, y: round, width: 200, height: 200, rotation: 0, z: `a${round}${i}` })) entry.set(key, value);
        const data = new Y.Map<unknown>();
        data.set('text', new Y.Text(`Note ${i}`));
        entry.set('data', data);
        for (const [key, value] of Object.entries({ createdBy: 'u', createdAt: 0, updatedBy: 'u', updatedAt: 0 })) entry.set(key, value);
        items.set(`raw_${round}_${i}`, entry);
      }
    });
    Y.encodeStateAsUpdate(doc, before);
    if (round >= warmBatches.creates) creates.push(nowMs() - start);
  }
  doc.destroy();
  return { bytes: state.byteLength, applyMs: median(apply), encodeMs: median(encode), move100Ms: median(moves), create100Ms: median(creates) };
}

/** Round trips and fan-out against the raw server (no Yjs, no storage), and the durable floor of a batch. */
export interface RawBaseline {
  httpPost: LatencySummary;
  wsEcho: LatencySummary;
  relayFanout: LatencySummary;
  /** Client latency of the same batches against the durable floor (`rawServer.ts`, `DurableFloor`) on the same board. */
  floorMove: LatencySummary;
  floorCreate: LatencySummary;
}

/** What the durable floor is measured with: the board's state and the batches ours got. */
export interface FloorWorkload {
  state: Uint8Array;
  /** The ids the batches of moves move. */
  ids: readonly string[];
  moves: number;
  creates: number;
}

/** The durable floor's latencies for one kind of batch: at the client, and its own time (`Server-Timing`), as ours are measured. */
export interface FloorLatency {
  move: LatencySummary;
  create: LatencySummary;
  moveServer: LatencySummary;
  createServer: LatencySummary;
}

/** The durable floor's client latency and server time for the workload's batches, after `warmBatches` untimed ones of each kind. */
async function measureFloor(base: string, workload: FloorWorkload): Promise<FloorLatency> {
  const post = async (route: string, body: string | Uint8Array, type: string): Promise<number> => {
    const res = await fetch(`http://${base}${route}`, { method: 'POST', headers: { 'Content-Type': type }, body });
    if (res.status !== 200) throw new Error(`floor ${route} answered ${res.status}`);
    await res.json();
    const timing = /app;dur=([0-9.]+)/.exec(res.headers.get('server-timing') ?? '');
    return timing === null ? Number.NaN : Number(timing[1]);
  };
  await post('/floor/load', workload.state, 'application/octet-stream');
  const batch = async (operations: unknown): Promise<{ clientMs: number; serverMs: number }> => {
    const start = nowMs();
    const serverMs = await post('/floor/batch', JSON.stringify({ operations }), 'application/json');
    return { clientMs: nowMs() - start, serverMs };
  };
  // Warm-up rounds move other places and create other notes than the timed ones.
  for (let r = 0; r < warmBatches.moves; r += 1) await batch(moveOperations(workload.ids, 1000 + r));
  for (let r = 0; r < warmBatches.creates; r += 1) await batch(createOperations(1000 + r));
  const move: { clientMs: number; serverMs: number }[] = [];
  for (let r = 0; r < workload.moves; r += 1) move.push(await batch(moveOperations(workload.ids, r)));
  const create: { clientMs: number; serverMs: number }[] = [];
  for (let r = 0; r < workload.creates; r += 1) create.push(await batch(createOperations(r)));
  return {
    move: summarize(move.map((t) => t.clientMs)),
    create: summarize(create.map((t) => t.clientMs)),
    moveServer: summarize(move.map((t) => t.serverMs)),
    createServer: summarize(create.map((t) => t.serverMs)),
  };
}

/** Starts `rawServer.js` (pinned to `core` when given), runs `measure` against its `host:port`, and stops it. */
async function withRawServer<T>(core: number | undefined, measure: (base: string) => Promise<T>): Promise<T> {
  const script = fileURLToPath(new URL('./rawServer.js', import.meta.url));
  const cmd = core === undefined ? [process.execPath, script] : ['taskset', '-c', String(core), process.execPath, script];
  const child = spawn(cmd[0] ?? process.execPath, cmd.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', () => reject(new Error('raw server exited')));
      child.stdout.once('data', (c: Buffer) => resolve((JSON.parse(c.toString()) as { port: number }).port));
    });
    return await measure(`127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
  }
}

/** The durable floor alone (`rawServer.ts`, `DurableFloor`): client latency of the workload's batches of moves and of creates. */
export function measureDurableFloor(core: number | undefined, workload: FloorWorkload): Promise<FloorLatency> {
  return withRawServer(core, (base) => measureFloor(base, workload));
}

/** Starts `rawServer.js` (pinned to `core` when given), measures, and stops it. */
export async function measureRaw(options: { core: number | undefined; sinks: number; messages: number; floor: FloorWorkload }): Promise<RawBaseline> {
  return withRawServer(options.core, async (base) => {
    const http: number[] = [];
    const body = JSON.stringify({ type: 'sticky_note', position: { x: 1, y: 2 }, data: { text: 'raw' } });
    for (let i = 0; i < 200; i += 1) {
      http.push(
        await timeMs(async () => {
          const res = await fetch(`http://${base}/items`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
          await res.json();
        }),
      );
    }
    const echo = await openSocket(`ws://${base}/echo`);
    const rtt: number[] = [];
    const payload = new Uint8Array(48);
    for (let i = 0; i < 500; i += 1) {
      const start = nowMs();
      await new Promise<void>((resolve) => {
        echo.once('message', () => resolve());
        echo.send(payload);
      });
      rtt.push(nowMs() - start);
    }
    echo.close();
    const sinks = await Promise.all(Array.from({ length: options.sinks }, () => openSocket(`ws://${base}/relay`)));
    const sender = await openSocket(`ws://${base}/relay`);
    const fanout: number[] = [];
    // As on our server: the untimed messages first (twice `fanoutWarm`, both kinds of write there).
    for (let i = 0; i < 2 * fanoutWarm + options.messages; i += 1) {
      const received = sinks.map((s) => new Promise<number>((resolve) => s.once('message', () => resolve(nowMs()))));
      const start = nowMs();
      sender.send(payload);
      const ats = await Promise.all(received);
      if (i >= 2 * fanoutWarm) for (const at of ats) fanout.push(at - start);
    }
    for (const s of [...sinks, sender]) s.close();
    const floor = await measureFloor(base, options.floor);
    return { httpPost: summarize(http), wsEcho: summarize(rtt), relayFanout: summarize(fanout), floorMove: floor.move, floorCreate: floor.create };
  });
}

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}
