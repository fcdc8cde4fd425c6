import type { DocClient } from './docClients.js';
import { openDocClient } from './docClients.js';
import { ProcSampler } from './procStats.js';
import type { RssParts } from './rssParts.js';
import { readRssParts } from './rssParts.js';
import { Probe, Writer, compareDocs } from './roles.js';
import type { LiveHold, RunningServer } from './serverKit.js';
import type { Sink } from './Sink.js';
import { openSinks } from './Sink.js';
import { hostNowMs, sleep, waitUntil } from './target.js';

/** Clients of one board: probes (full docs), sinks (thin) and writers (real providers). */
export interface BoardClients {
  board: string;
  probes: Probe[];
  writers: Writer[];
  sinks: Sink[];
  close(): void;
}

/** Opens probes and sinks first, then writers (so probes see every item being created). Rejects after `timeoutMs`. */
export async function openBoardClients(server: RunningServer, board: string, counts: { probes: number; sinks: number; writers: number }, timeoutMs = 30_000): Promise<BoardClients> {
  const docClients: DocClient[] = [];
  let sinks: Sink[] = [];
  const close = (): void => {
    for (const c of docClients) c.destroy();
    for (const s of sinks) s.close();
  };
  try {
    const openSynced = async (): Promise<DocClient> => {
      const client = await openDocClient(server.target, board);
      docClients.push(client);
      const synced = await Promise.race([client.synced.then(() => true), sleep(timeoutMs).then(() => false)]);
      if (!synced) throw new Error(`${server.name}: client of ${board} not synced within ${timeoutMs} ms`);
      return client;
    };
    const probes: Probe[] = [];
    for (let i = 0; i < counts.probes; i++) probes.push(new Probe(await openSynced()));
    sinks = await openSinks(server.target, board, counts.sinks, timeoutMs);
    const writers: Writer[] = [];
    for (let i = 0; i < counts.writers; i++) {
      const writer = new Writer(await openSynced(), `bench-w${i}`);
      writer.init();
      writers.push(writer);
    }
    const keys = writers.map((w) => w.key);
    // Every probe must have every writer's item before measuring starts.
    await waitUntil(() => probes.every((p) => keys.every((k) => p.client.doc.getMap('items').has(k))), timeoutMs);
    // A server gives a joining writer the items of those that joined before it; the relay keeps
    // no state, so such a writer would lack them and hold every later update to them as pending,
    // which Yjs merges again at each update it applies: load-generator work that grows through
    // the run, and only on the relay. Every writer gets what the first probe has (nothing new,
    // on a server).
    const [first] = probes;
    if (first !== undefined) {
      const state = first.client.Y.encodeStateAsUpdate(first.client.doc);
      for (const w of writers) w.client.Y.applyUpdate(w.client.doc, state);
    }
    await waitUntil(() => writers.every((w) => keys.every((k) => w.client.doc.getMap('items').has(k))), timeoutMs);
    return { board, probes, writers, sinks, close };
  } catch (error) {
    close();
    throw error;
  }
}

/**
 * Calls `writer.write()` at `ratePerS` per writer, phases staggered, from one 2 ms timer;
 * at most 5 catch-up writes per writer per tick (bounded). Returns the stop function.
 */
export function pace(writers: readonly Writer[], ratePerS: number): () => void {
  const started = performance.now();
  const done = writers.map(() => 0);
  const timer = setInterval(() => {
    const elapsedS = (performance.now() - started) / 1000;
    writers.forEach((writer, i) => {
      const due = Math.floor(elapsedS * ratePerS + i / writers.length);
      for (let k = 0; k < 5 && (done[i] ?? 0) < due; k++) {
        writer.write();
        done[i] = (done[i] ?? 0) + 1;
      }
    });
  }, 2);
  return () => clearInterval(timer);
}

/** What one measured step of writes yields. */
export interface StepMeasure {
  sent: number;
  deliveredAtProbes: number;
  samples: number[];
  cpuPct: number;
  rssMaxMB: number;
  /** The server process's own largest RSS, without its children (`ProcWindow.ownRssMaxMB`). */
  ownRssMaxMB: number;
  /** The server process's own RSS by kind of mapping at the window's end (`readRssParts`); undefined when it could not be read. */
  rssParts: RssParts | undefined;
  loadgenCpuPct: number;
  sinkMessages: number;
  bytesOut: number;
  windowMs: number;
  /** How long the server held the window's live updates (ours only; see `RunningServer.liveHold`). */
  hold: LiveHold | undefined;
  errors: string[];
}

/** Warm-up, then a measuring window at `ratePerS`; then waits (≤ 5 s) for quiescence and checks loss and probe equality. `during` runs inside the window. */
export async function measureStep(
  server: RunningServer,
  clients: BoardClients,
  ratePerS: number,
  warmupMs: number,
  windowMs: number,
  during?: () => Promise<void>,
): Promise<StepMeasure> {
  const keys = clients.writers.map((w) => w.key);
  const sentBefore = clients.writers.reduce((a, w) => a + w.n, 0);
  const deliveredBefore = clients.probes.map((p) => p.delivered(keys));
  const serverSampler = new ProcSampler(server.pid);
  const selfSampler = new ProcSampler('self');
  const stop = pace(clients.writers, ratePerS);
  await sleep(warmupMs);
  for (const p of clients.probes) {
    p.samples = [];
    p.recording = true;
  }
  for (const s of clients.sinks) s.reset();
  serverSampler.start();
  selfSampler.start();
  const windowStart = performance.now();
  const hostStart = hostNowMs();
  await Promise.all([sleep(windowMs), during?.()]);
  const windowMsReal = performance.now() - windowStart;
  const hostEnd = hostNowMs();
  const rssParts = readRssParts(server.pid);
  const serverWindow = serverSampler.stop();
  const selfWindow = selfSampler.stop();
  for (const p of clients.probes) p.recording = false;
  const sinkMessages = clients.sinks.reduce((a, s) => a + s.messages, 0);
  const bytesOut = clients.sinks.reduce((a, s) => a + s.bytes, 0);
  stop();
  const errors: string[] = [];
  const caughtUp = (): boolean => clients.probes.every((p) => clients.writers.every((w) => (p.seen.get(w.key) ?? 0) >= w.n));
  // Probes still applying a backlog (of S9's flood, say) are given the same 5 s to converge.
  await waitUntil(() => caughtUp() && compareDocs(clients.probes.map((p) => p.client)) === undefined, 5_000, 50);
  if (!caughtUp()) errors.push('probes did not catch up within 5 s');
  const sent = clients.writers.reduce((a, w) => a + w.n, 0) - sentBefore;
  const deliveredAtProbes = clients.probes.reduce((a, p, i) => a + p.delivered(keys) - (deliveredBefore[i] ?? 0), 0);
  if (deliveredAtProbes !== sent * clients.probes.length) errors.push(`loss: ${sent * clients.probes.length - deliveredAtProbes} updates missing at probes`);
  const differ = compareDocs(clients.probes.map((p) => p.client));
  if (differ) errors.push(`probes differ: ${differ}`);
  errors.push(...clientErrors(clients));
  const hold = await server.liveHold?.(hostStart, hostEnd);
  return {
    sent,
    deliveredAtProbes,
    samples: clients.probes.flatMap((p) => p.samples),
    cpuPct: serverWindow.cpuPct,
    rssMaxMB: serverWindow.rssMaxMB,
    ownRssMaxMB: serverWindow.ownRssMaxMB,
    rssParts,
    loadgenCpuPct: selfWindow.cpuPct,
    sinkMessages,
    bytesOut,
    windowMs: windowMsReal,
    hold,
    errors,
  };
}

/** Connection errors of a board's clients, deduplicated and counted. */
export function clientErrors(clients: BoardClients): string[] {
  const counts = new Map<string, number>();
  const all = [...clients.sinks.map((s) => s.error), ...clients.probes.map((p) => p.client.error), ...clients.writers.map((w) => w.client.error)];
  for (const e of all) if (e !== undefined) counts.set(e, (counts.get(e) ?? 0) + 1);
  return [...counts].map(([e, n]) => `${n}× ${e}`);
}
