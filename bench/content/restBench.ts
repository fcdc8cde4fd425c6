import type { LatencySummary } from './stats.js';
import { nowMs, summarize, timeMs } from './stats.js';

/** A REST client of one board with a bearer key. */
export interface BoardApi {
  readonly url: string;
  readonly key: string;
  readonly boardId: string;
}

/** Sends a JSON request and returns the parsed body; throws unless the status is `expected`. */
export async function call(url: string, key: string, method: string, pathname: string, body: unknown, expected: number): Promise<unknown> {
  const init: RequestInit = { method, headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(`${url}/v1${pathname}`, init);
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${method} ${pathname}: expected ${expected}, got ${res.status} ${text.slice(0, 300)}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** Creates a board and returns its id. */
export async function createBoard(url: string, key: string, title: string): Promise<string> {
  const board = (await call(url, key, 'POST', '/boards', { title }, 201)) as { id: string };
  return board.id;
}

function stickyAt(i: number): { type: string; position: { x: number; y: number }; data: { text: string } } {
  return { type: 'sticky_note', position: { x: (i % 100) * 220, y: Math.floor(i / 100) * 220 }, data: { text: `Note ${i}` } };
}

/** Fills the board with `count` sticky notes through `items:batch` of 100; returns each batch's latency. */
export async function seedBoard(api: BoardApi, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let start = 0; start < count; start += 100) {
    const operations = Array.from({ length: Math.min(100, count - start) }, (_, i) => ({ op: 'create', ...stickyAt(start + i) }));
    latencies.push(await timeMs(() => call(api.url, api.key, 'POST', `/boards/${api.boardId}/items:batch`, { operations }, 200)));
  }
  return latencies;
}

/** Item ids of the board (first page of up to 1000). */
export async function someItemIds(api: BoardApi): Promise<string[]> {
  const page = (await call(api.url, api.key, 'GET', `/boards/${api.boardId}/items?limit=1000`, undefined, 200)) as { data: { id: string }[] };
  return page.data.map((item) => item.id);
}

/** Latency and throughput of single-item creates. */
export interface CreateResult {
  latency: LatencySummary;
  perSecond: number;
}

/** `total` creates by `concurrency` workers (1 = sequential). */
export async function measureCreates(api: BoardApi, total: number, concurrency: number): Promise<CreateResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = nowMs();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next;
        next += 1;
        latencies.push(await timeMs(() => call(api.url, api.key, 'POST', `/boards/${api.boardId}/items`, stickyAt(20_000 + i), 201)));
      }
    }),
  );
  const elapsedMs = nowMs() - started;
  return { latency: summarize(latencies), perSecond: (total / elapsedMs) * 1000 };
}

/** Batches of 100 operations: `moves` batches moving 100 existing items, `creates` batches creating 100. */
export async function measureBatches(api: BoardApi, ids: readonly string[], rounds: { moves: number; creates: number }): Promise<{ move: LatencySummary; create: LatencySummary }> {
  const move: number[] = [];
  for (let r = 0; r < rounds.moves; r += 1) {
    const operations = Array.from({ length: 100 }, (_, i) => ({ op: 'move', id: ids[(r * 100 + i) % ids.length], position: { x: r, y: i } }));
    move.push(await timeMs(() => call(api.url, api.key, 'POST', `/boards/${api.boardId}/items:batch`, { operations }, 200)));
  }
  const create: number[] = [];
  for (let r = 0; r < rounds.creates; r += 1) {
    const operations = Array.from({ length: 100 }, (_, i) => ({ op: 'create', ...stickyAt(30_000 + r * 100 + i) }));
    create.push(await timeMs(() => call(api.url, api.key, 'POST', `/boards/${api.boardId}/items:batch`, { operations }, 200)));
  }
  return { move: summarize(move), create: summarize(create) };
}
