import type { BoardClients, StepMeasure } from '../realtime/hotBoard.js';
import { measureStep, pace } from '../realtime/hotBoard.js';
import { openDocClient } from '../realtime/docClients.js';
import type { DocClient } from '../realtime/docClients.js';
import { Probe, Writer, itemsMapName } from '../realtime/roles.js';
import type { RunningServer } from '../realtime/serverKit.js';
import type { Sink } from '../realtime/Sink.js';
import { openSinks } from '../realtime/Sink.js';
import { sleep, waitUntil } from '../realtime/target.js';
import { ChannelTap } from './hops.js';
import type { CrossHops } from './hops.js';
import type { ProcessMetrics, WindowMetrics } from './processMetrics.js';

/** Writers on the hot board, as in S1 (bench/realtime/scenarioS1.ts `hotWriters`). */
export const fanoutWriters = 5;

/** Probes on the hot board, as in S1. */
export const fanoutProbes = 2;

/** A full client synced with `server` on `board`, or a rejection after `timeoutMs`. */
async function openSynced(server: RunningServer, board: string, opened: DocClient[], timeoutMs: number): Promise<DocClient> {
  const client = await openDocClient(server.target, board);
  opened.push(client);
  const synced = await Promise.race([client.synced.then(() => true), sleep(timeoutMs).then(() => false)]);
  if (!synced) throw new Error(`${server.name}: client of ${board} not synced within ${timeoutMs} ms`);
  return client;
}

/**
 * S1's clients of one board split over two processes: probes and sinks on `readers`, writers on
 * `writers` (the same server for the same-process baseline). Probes and sinks open first, so the
 * probes see every writer's item created; resolves once every probe and writer has them all.
 */
export async function openSplitClients(
  writers: RunningServer,
  readers: RunningServer,
  board: string,
  counts: { sinks: number; probes: number },
  timeoutMs = 60_000,
): Promise<BoardClients> {
  const docClients: DocClient[] = [];
  let sinks: Sink[] = [];
  const close = (): void => {
    for (const client of docClients) client.destroy();
    for (const sink of sinks) sink.close();
  };
  try {
    const probes: Probe[] = [];
    for (let i = 0; i < counts.probes; i++) probes.push(new Probe(await openSynced(readers, board, docClients, timeoutMs)));
    sinks = await openSinks(readers.target, board, counts.sinks, timeoutMs);
    const writing: Writer[] = [];
    for (let i = 0; i < fanoutWriters; i++) {
      const writer = new Writer(await openSynced(writers, board, docClients, timeoutMs), `bench-w${i}`);
      writer.init();
      writing.push(writer);
    }
    const keys = writing.map((w) => w.key);
    const hasAll = (client: DocClient): boolean => keys.every((k) => client.doc.getMap(itemsMapName).has(k));
    if (!(await waitUntil(() => [...probes.map((p) => p.client), ...writing.map((w) => w.client)].every(hasAll), timeoutMs))) {
      throw new Error(`${readers.name}: the writers' items did not reach every client within ${timeoutMs} ms`);
    }
    return { board, probes, writers: writing, sinks, close };
  } catch (error) {
    close();
    throw error;
  }
}

/** What the writers' and the readers' processes did during a window (`ProcessMetrics`). */
export interface FanoutProcesses {
  writers: WindowMetrics;
  readers: WindowMetrics;
}

/**
 * One measured fan-out window: writers on `writers`, probes and sinks on `readers` (S1's measuring
 * step). With `tapRedisUrl` (ours, across processes) it also listens on the board's Redis channel
 * and splits the latency into the hop up to Redis and the hop after it (`hops`), and with
 * `metrics` reads what each process did in the window (`processes`: store appends, event-loop
 * delay, GC).
 */
export async function measureFanout(
  writers: RunningServer,
  readers: RunningServer,
  options: {
    sinks: number;
    ratePerWriter: number;
    warmupMs: number;
    windowMs: number;
    tapRedisUrl?: string;
    metrics?: { writers: ProcessMetrics; readers: ProcessMetrics };
  },
): Promise<StepMeasure & { hops?: CrossHops; processes?: FanoutProcesses }> {
  const [board = 'hot'] = await writers.createBoards(1);
  const clients = await openSplitClients(writers, readers, board, { sinks: options.sinks, probes: fanoutProbes });
  let tap: ChannelTap | undefined;
  try {
    const [first] = clients.probes;
    if (options.tapRedisUrl === undefined || first === undefined) return await measureStep(readers, clients, options.ratePerWriter, options.warmupMs, options.windowMs);
    tap = await ChannelTap.open(options.tapRedisUrl, board, first.client.Y);
    tap.seed(first.client);
    for (const probe of clients.probes) tap.follow(probe);
    const timed = tap;
    const metrics = options.metrics;
    let processes: FanoutProcesses | undefined;
    const during = async (): Promise<void> => {
      await Promise.all([metrics?.writers.start(), metrics?.readers.start()]);
      timed.recording = true;
      await sleep(options.windowMs);
      timed.recording = false;
      if (metrics !== undefined) {
        const [w, r] = await Promise.all([metrics.writers.window(), metrics.readers.window()]);
        processes = { writers: w, readers: r };
      }
    };
    const measure = await measureStep(readers, clients, options.ratePerWriter, options.warmupMs, options.windowMs, during);
    return { ...measure, hops: timed.hops(), ...(processes === undefined ? {} : { processes }) };
  } finally {
    tap?.close();
    clients.close();
  }
}

/** What a `kill -9` of the writers' process cost. */
export interface KillOutcome {
  /** Edits the probe on the other process had received (each writer's highest, summed). */
  acknowledged: number;
  /** Edits the writers sent before the kill. */
  sent: number;
  /** Acknowledged edits missing from the board read back from the store by a fresh process. */
  lost: number;
  /** Edits the fresh process read back (each writer's highest, summed). */
  stored: number;
}

/**
 * Writers on `victim`, a probe on `survivor`; after `writeMs` at `ratePerWriter`, `kill -9` of the
 * victim. An edit counts as acknowledged once the probe on the survivor has it (1 s after the
 * kill, for what was in flight). The survivor is then stopped cleanly, `startReader` starts a
 * fresh process on the same store, and a client of it reads the board back: an acknowledged edit
 * it lacks is lost. Each writer moves its item to `x = n` at its n-th edit, so a writer's highest
 * `n` is what the reader's copy of that item holds.
 */
export async function killWritersProcess(
  victim: RunningServer,
  survivor: RunningServer,
  startReader: () => Promise<RunningServer>,
  options: { ratePerWriter: number; writeMs: number },
): Promise<KillOutcome> {
  const [board = 'hot'] = await victim.createBoards(1);
  const clients = await openSplitClients(victim, survivor, board, { sinks: 0, probes: 1 });
  const [probe] = clients.probes;
  if (probe === undefined) throw new Error('bench: no probe');
  const keys = clients.writers.map((w) => w.key);
  const { acked, sent } = await (async () => {
    let killed = false;
    try {
      const stop = pace(clients.writers, options.ratePerWriter);
      await sleep(options.writeMs);
      const exited = victim.kill();
      killed = true;
      stop();
      // Closed while their sockets are still open (the kernel has not yet closed the dead
      // process's end): a provider reconnecting to the dead process could not be destroyed cleanly.
      for (const writer of clients.writers) writer.client.destroy();
      await exited;
      const writes = clients.writers.reduce((total, w) => total + w.n, 0);
      await sleep(1_000);
      return { acked: new Map(keys.map((key) => [key, probe.seen.get(key) ?? 0])), sent: writes };
    } finally {
      if (killed) probe.client.destroy();
      else clients.close();
    }
  })();
  await survivor.stop();
  const reader = await startReader();
  const opened: DocClient[] = [];
  try {
    const client = await openSynced(reader, board, opened, 60_000);
    const items = client.doc.getMap<unknown>(itemsMapName);
    let lost = 0;
    let stored = 0;
    for (const key of keys) {
      const item = items.get(key) as { get(field: string): unknown } | undefined;
      const x = item?.get('x');
      const n = typeof x === 'number' ? x : 0;
      stored += n;
      lost += Math.max(0, (acked.get(key) ?? 0) - n);
    }
    const acknowledged = [...acked.values()].reduce((total, n) => total + n, 0);
    return { acknowledged, sent, lost, stored };
  } finally {
    for (const client of opened) client.destroy();
    await reader.stop();
  }
}
