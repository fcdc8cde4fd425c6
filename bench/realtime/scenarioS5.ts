import type { BenchConfig, Emit } from './config.js';
import type { DocClient } from './docClients.js';
import { openDocClient } from './docClients.js';
import { readTreeCpuTicks, clockTicksPerSecond } from './procStats.js';
import type { ResultLine } from './result.js';
import { medianOfRepetitions, resultLine } from './result.js';
import { compareDocs, itemsMapName, stampOf, Writer } from './roles.js';
import type { RunningServer, ServerName } from './serverKit.js';
import { accepts, removeDataDir } from './serverKit.js';
import { startServer } from './servers.js';
import { failedLine } from './scenarioS1.js';
import { Sink } from './Sink.js';
import type { Target } from './target.js';
import { sleep, waitUntil } from './target.js';
import { inTurns } from './turns.js';

/** Sticky notes each board holds before the crash (written by its first probe in one transaction). */
export const s5ItemsPerBoard = 50;

/** How long every probe and sink gets to come back after the kill. */
const resyncTimeoutMs = 60_000;

/**
 * A thin client that reconnects as the stock y-websocket provider does: after a close, waits
 * `min(100 × 2^failures, 2500)` ms (no jitter, BENCHMARK S5) and opens a new socket.
 */
class ReconnectingSink {
  #sink: Sink;
  #failures = 0;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  /** Host time the socket last opened. */
  openedAtMs = 0;
  readonly #target: Target;
  readonly #board: string;
  readonly #clientId: number;

  constructor(target: Target, board: string, clientId: number) {
    this.#target = target;
    this.#board = board;
    this.#clientId = clientId;
    this.#sink = this.#open();
  }

  /** Resolves once the first socket is open. */
  get opened(): Promise<void> {
    return this.#sink.opened;
  }

  #open(): Sink {
    const sink = new Sink(this.#target, this.#board, this.#clientId);
    sink.opened.then(
      () => {
        this.#failures = 0;
        this.openedAtMs = performance.now();
      },
      () => undefined,
    );
    return sink;
  }

  /** Checks the socket (called every 50 ms): a closed one is replaced after the provider's backoff. */
  tick(): void {
    if (this.#stopped || this.#timer !== undefined || this.#sink.error === undefined) return;
    const delayMs = Math.min(100 * 2 ** this.#failures, 2500);
    this.#failures += 1;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#stopped) return;
      this.#sink.close();
      this.#sink = this.#open();
    }, delayMs);
  }

  close(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#sink.close();
  }
}

/** The highest CPU of a process tree over any 250 ms slice, in percent of one core, sampled until `stop`. */
function peakCpu(pid: number): { stop: () => number } {
  let last = readTreeCpuTicks(pid) ?? 0;
  let lastMs = performance.now();
  let peak = 0;
  const timer = setInterval(() => {
    const ticks = readTreeCpuTicks(pid);
    const now = performance.now();
    if (ticks !== undefined && now > lastMs) peak = Math.max(peak, (((ticks - last) / clockTicksPerSecond) * 1000 * 100) / (now - lastMs));
    if (ticks !== undefined) last = ticks;
    lastMs = now;
  }, 250);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * Host time at which 127.0.0.1:`port` first accepts a TCP connection, polled every 20 ms from now
 * until `stop` (undefined when it never did): the restarted process holds its port.
 */
function portHeld(port: number): { stop: () => Promise<number | undefined> } {
  let stopped = false;
  const held = (async () => {
    while (!stopped) {
      if (await accepts(port)) return performance.now();
      await sleep(20);
    }
    return undefined;
  })();
  return {
    stop: () => {
      stopped = true;
      return held;
    },
  };
}

/** Seeds the first probe's board with `s5ItemsPerBoard` valid sticky notes in one transaction. */
function seedItems(client: DocClient, board: number): void {
  const { Y: Yjs, doc } = client;
  doc.transact(() => {
    for (let i = 0; i < s5ItemsPerBoard; i++) {
      const item = new Yjs.Map<unknown>();
      const data = new Yjs.Map<unknown>();
      for (const [key, value] of Object.entries({ type: 'sticky_note', x: i * 250, y: 1000, width: 200, height: 200, rotation: 0, z: 'a0' })) item.set(key, value);
      item.set('data', data);
      data.set('text', `b${board} i${i}`);
      data.set('color', '#fff9b1');
      doc.getMap(itemsMapName).set(`s5-b${board}-i${i}`, item);
    }
  });
}

interface Fleet {
  /** Two writers per board: each is a probe too (it reads the other's marker). */
  boards: { id: string; writers: Writer[] }[];
  sinks: ReconnectingSink[];
  close(): void;
}

async function openFleet(server: RunningServer, boardIds: readonly string[], sinkCount: number): Promise<Fleet> {
  const fleet: Fleet = {
    boards: [],
    sinks: [],
    close: () => {
      for (const b of fleet.boards) for (const w of b.writers) w.client.destroy();
      for (const s of fleet.sinks) s.close();
    },
  };
  try {
    for (const [index, id] of boardIds.entries()) {
      const writers: Writer[] = [];
      for (let p = 0; p < 2; p++) {
        const client = await openDocClient(server.target, id);
        writers.push(new Writer(client, `s5-b${index}-probe${p}`));
        if (!(await Promise.race([client.synced.then(() => true), sleep(30_000).then(() => false)]))) throw new Error(`probe of ${id} not synced within 30 s`);
      }
      fleet.boards.push({ id, writers });
      for (const w of writers) w.init();
      const [first] = writers;
      if (first !== undefined) seedItems(first.client, index);
    }
    // Sinks spread over the boards, opened 50 at a time.
    for (let i = 0; i < sinkCount; i += 50) {
      const batch: ReconnectingSink[] = [];
      for (let j = i; j < Math.min(sinkCount, i + 50); j++) batch.push(new ReconnectingSink(server.target, boardIds[j % boardIds.length] ?? '', 1000 + j));
      fleet.sinks.push(...batch);
      await Promise.all(batch.map((s) => s.opened));
    }
    const expected = s5ItemsPerBoard + 2;
    const seeded = await waitUntil(() => fleet.boards.every((b) => b.writers.every((w) => w.client.doc.getMap(itemsMapName).size >= expected)), 30_000);
    if (!seeded) throw new Error('the seeded items did not reach every probe within 30 s');
    return fleet;
  } catch (error) {
    fleet.close();
    throw error;
  }
}

/**
 * Polls the boards every 20 ms from now and notes when each one's probes had both resynced, in
 * ms since `sinceMs`. `all` resolves with those times, sorted, once every board is back or after
 * `timeoutMs` (then with those that came back).
 */
function boardsBack(boards: readonly { writers: Writer[] }[], sinceMs: number): { all: (timeoutMs: number) => Promise<number[]> } {
  const backMs = new Map<{ writers: Writer[] }, number>();
  const poll = (): boolean => {
    for (const b of boards) if (!backMs.has(b) && resynced(b)) backMs.set(b, performance.now() - sinceMs);
    return backMs.size === boards.length;
  };
  const timer = setInterval(poll, 20);
  return {
    all: async (timeoutMs) => {
      try {
        await waitUntil(poll, timeoutMs, 20);
      } finally {
        clearInterval(timer);
      }
      return [...backMs.values()].sort((a, b) => a - b);
    },
  };
}

/** Whether each probe of the board has the other's write number `n` (it has come back and exchanged updates). */
function resynced(board: { writers: Writer[] }): boolean {
  return board.writers.every((reader) =>
    board.writers.every((writer) => {
      if (writer === reader) return true;
      const item = reader.client.doc.getMap(itemsMapName).get(writer.key);
      return (stampOf(reader.client.Y, item)?.n ?? 0) >= writer.n;
    }),
  );
}

async function stormOnce(name: ServerName, config: BenchConfig, params: Record<string, number>): Promise<ResultLine> {
  let first: RunningServer | undefined;
  let second: RunningServer | undefined;
  let fleet: Fleet | undefined;
  try {
    first = await startServer(name, { preloads: 'storageReads' });
    const boardIds = await first.createBoards(config.s5Boards);
    fleet = await openFleet(first, boardIds, Math.max(0, config.s5Clients - 2 * boardIds.length));
    const sinkTimer = setInterval(() => {
      for (const s of fleet?.sinks ?? []) s.tick();
    }, 50);
    try {
      // Give a debouncing store (Hocuspocus) time to write what the clients sent.
      await sleep(config.quick ? 1_000 : 3_000);
      const killedAt = performance.now();
      await first.kill();
      const port = portHeld(Number(new URL(first.target.wsBase).port));
      // Each probe writes while the server is down: it reaches the other probe only once both are back and synced.
      for (const b of fleet.boards) for (const w of b.writers) w.write();
      // Watched from now, not from when the restarted server says it is ready: a server that
      // serves live sync before its HTTP app resyncs its clients before `/readyz` answers 200.
      const back = boardsBack(fleet.boards, killedAt);
      // Sampled from the spawn: ours serves live sync, and so resyncs, before it is ready.
      const cpu: { sampler?: { stop: () => number } } = {};
      second = await first.restart((pid) => (cpu.sampler = peakCpu(pid)));
      const readyMs = performance.now() - killedAt;
      const backTimes = await back.all(resyncTimeoutMs);
      const allBack = backTimes.length === fleet.boards.length;
      const resyncMs = allBack ? (backTimes.at(-1) ?? null) : null;
      const sinksBack = await waitUntil(() => fleet?.sinks.every((s) => s.openedAtMs > killedAt) ?? false, allBack ? 10_000 : 1_000, 20);
      const sinksMs = sinksBack ? Math.max(...fleet.sinks.map((s) => s.openedAtMs - killedAt), 0) : null;
      const peakCpuPct = cpu.sampler?.stop() ?? 0;
      const portAt = await port.stop();
      const loads = second.storageReads();
      const errors: string[] = [];
      if (!allBack) errors.push(`${fleet.boards.filter((b) => !resynced(b)).length} of ${fleet.boards.length} boards had a probe not resynced within ${resyncTimeoutMs / 1000} s`);
      if (!sinksBack) errors.push(`${fleet.sinks.filter((s) => s.openedAtMs <= killedAt).length} sinks not reconnected`);
      // Every board's probes equal each other and a fresh reader (the server's state).
      let unequal = 0;
      for (const b of fleet.boards) {
        const reader = await openDocClient(second.target, b.id);
        try {
          await Promise.race([reader.synced, sleep(10_000)]);
          await waitUntil(() => compareDocs([...b.writers.map((w) => w.client), reader]) === undefined, 5_000, 50);
          if (compareDocs([...b.writers.map((w) => w.client), reader]) !== undefined) unequal += 1;
        } finally {
          reader.destroy();
        }
      }
      if (unequal > 0) errors.push(`${unequal} boards whose probes and server differ after resync`);
      return resultLine({
        server: name,
        version: first.version,
        scenario: 'S5',
        params,
        cpuPct: peakCpuPct,
        errors,
        extra: {
          resyncMs,
          readyMs,
          portHeldMs: portAt === undefined ? null : portAt - killedAt,
          firstBoardResyncedMs: backTimes[0] ?? null,
          medianBoardResyncedMs: backTimes[Math.floor(backTimes.length / 2)] ?? null,
          sinksReconnectedMs: sinksMs,
          peakCpuPct,
          boardLoads: loads,
          duplicateLoads: loads === null ? 'n/a' : loads - boardIds.length,
          unequalBoards: unequal,
          keyFigure: 'resyncMs',
        },
      });
    } finally {
      clearInterval(sinkTimer);
    }
  } catch (error) {
    return failedLine(name, 'S5', params, error);
  } finally {
    fleet?.close();
    await first?.kill();
    await second?.kill();
    if (first) removeDataDir(first.dataDir);
  }
}

/**
 * S5, the reconnect storm: `s5Clients` clients on `s5Boards` boards (2 probes per board, the
 * rest thin sinks that reconnect with the provider's backoff), `kill -9` of the server and a
 * restart on the same data and port. Measures the time from the kill until every probe has
 * resynced (each sees the other's write made while the server was down), peak CPU of the new
 * process over 250 ms slices, board loads from the store beyond one per board, and whether
 * every board's probes equal a fresh reader afterwards.
 */
export async function runS5(config: BenchConfig, servers: readonly ServerName[], emit: Emit): Promise<void> {
  const params = { clients: config.s5Clients, boards: config.s5Boards, probes: 2, itemsPerBoard: s5ItemsPerBoard };
  const runs = await inTurns(servers, config.reps, (name) => stormOnce(name, config, params));
  for (const reps of runs.values()) emit(medianOfRepetitions(reps));
}
