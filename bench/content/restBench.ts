import type { LatencySummary } from './stats.js';
import { nowMs, summarize, timeMs } from './stats.js';

/** A REST client of one board with a bearer key. */
export interface BoardApi {
  readonly url: string;
  readonly key: string;
  readonly boardId: string;
}

/** Sends a JSON request; resolves with the parsed body and the server time from `Server-Timing: app;dur=` (NaN when absent). Throws unless the status is `expected`. */
export async function request(url: string, key: string, method: string, pathname: string, body: unknown, expected: number): Promise<{ body: unknown; serverMs: number }> {
  const init: RequestInit = { method, headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(`${url}/v1${pathname}`, init);
  const text = await res.text();
  const timing = /app;dur=([0-9.]+)/.exec(res.headers.get('server-timing') ?? '');
  if (res.status !== expected) throw new Error(`${method} ${pathname}: expected ${expected}, got ${res.status} ${text.slice(0, 300)}`);
  return { body: text === '' ? undefined : (JSON.parse(text) as unknown), serverMs: timing === null ? Number.NaN : Number(timing[1]) };
}

/**
 * True for the error of a request sent on a kept-alive connection the server had just closed
 * (its 5 s keep-alive timeout, missed by a client whose event loop was busy): the request never
 * reached the server, so an idempotent one may be sent again.
 */
export function isStaleConnection(error: unknown): boolean {
  const cause = error instanceof TypeError ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET';
}

/** Sends a JSON request and returns the parsed body; throws unless the status is `expected`. */
export async function call(url: string, key: string, method: string, pathname: string, body: unknown, expected: number): Promise<unknown> {
  return (await request(url, key, method, pathname, body, expected)).body;
}

/** Client latency and server time (`Server-Timing`) of one call, in ms, and the parsed answer. */
export async function timedCall(api: BoardApi, method: string, pathname: string, body: unknown, expected: number): Promise<{ clientMs: number; serverMs: number; body: unknown }> {
  const start = nowMs();
  const answer = await request(api.url, api.key, method, pathname, body, expected);
  return { clientMs: nowMs() - start, serverMs: answer.serverMs, body: answer.body };
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

/** Latency, server time and throughput of single REST writes (item creates, chat posts). */
export interface CreateResult {
  latency: LatencySummary;
  server: LatencySummary;
  perSecond: number;
}

/** `total` creates by `concurrency` workers (1 = sequential). */
export async function measureCreates(api: BoardApi, total: number, concurrency: number): Promise<CreateResult> {
  return measureConcurrent(total, concurrency, (i) => timedCall(api, 'POST', `/boards/${api.boardId}/items`, stickyAt(20_000 + i), 201));
}

/**
 * `total` chat posts on the board, `concurrency` at a time: REST writes of plain records (no
 * board document), each answered once it survives power loss.
 */
export async function measureChatPosts(api: BoardApi, total: number, concurrency: number): Promise<CreateResult> {
  return measureConcurrent(total, concurrency, (i) => timedCall(api, 'POST', `/boards/${api.boardId}/chat`, { text: `bench message ${i}` }, 201));
}

/** `total` calls of `call` (given their number), `concurrency` at a time: client latency, server time and rate. */
async function measureConcurrent(total: number, concurrency: number, call: (i: number) => Promise<{ clientMs: number; serverMs: number }>): Promise<CreateResult> {
  const latencies: number[] = [];
  const server: number[] = [];
  let next = 0;
  const started = nowMs();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next;
        next += 1;
        const timed = await call(i);
        latencies.push(timed.clientMs);
        server.push(timed.serverMs);
      }
    }),
  );
  const elapsedMs = nowMs() - started;
  return { latency: summarize(latencies), server: summarize(server), perSecond: (total / elapsedMs) * 1000 };
}

/** Client latency and server time of batches of 100 moves and of 100 creates. */
export interface BatchResults {
  move: LatencySummary;
  moveServer: LatencySummary;
  create: LatencySummary;
  createServer: LatencySummary;
  /** Client latency of the first `warmUpShown` untimed batches of moves (the code still warming up); none without untimed ones. */
  warmUpMove: LatencySummary | undefined;
}

/** Round `r` of the batches of moves: 100 of `ids`, each to its own place. */
export function moveOperations(ids: readonly string[], r: number): { op: 'move'; id: string; position: { x: number; y: number } }[] {
  return Array.from({ length: 100 }, (_, i) => ({ op: 'move' as const, id: ids[(r * 100 + i) % ids.length] as string, position: { x: r, y: i } }));
}

/** Round `r` of the batches of creates: 100 sticky notes. */
export function createOperations(r: number): ({ op: 'create' } & ReturnType<typeof stickyAt>)[] {
  return Array.from({ length: 100 }, (_, i) => ({ op: 'create' as const, ...stickyAt(30_000 + r * 100 + i) }));
}

/**
 * Untimed batches of each kind before the timed ones; the durable floor and the raw Yjs
 * transactions run as many, so all three are measured warm. On a server just restarted, blocks
 * of 20 batches of moves took 14.7, 9.5, 6.7, 5.5, then 4.4 to 5.5 ms at the client (p50 of
 * each block; flat at about 9 ms with V8's optimising compiler off, `--no-opt`): about 80
 * batches go to the compiler. Moves leave the board's size as it is, so they carry the warm-up;
 * each untimed create adds 100 items to the board, so creates, which follow the moves and share
 * most of their code, get fewer.
 */
export const warmBatches = { moves: 100, creates: 15 } as const;

/** How many of the first untimed batches of moves are reported on their own: what a server pays while its code warms up. */
export const warmUpShown = 20;

/**
 * Batches of 100 operations: `moves` batches moving 100 existing items, `creates` batches
 * creating 100; `warm` untimed batches of each kind first (default none), which move other places
 * and create other notes than the timed ones, as the durable floor's do.
 */
export async function measureBatches(
  api: BoardApi,
  ids: readonly string[],
  rounds: { moves: number; creates: number; warm?: { moves: number; creates: number } },
): Promise<BatchResults> {
  const batch = (operations: unknown): Promise<{ clientMs: number; serverMs: number }> => timedCall(api, 'POST', `/boards/${api.boardId}/items:batch`, { operations }, 200);
  const warmUp: number[] = [];
  for (let r = 0; r < (rounds.warm?.moves ?? 0); r += 1) {
    const { clientMs } = await batch(moveOperations(ids, 1000 + r));
    if (r < warmUpShown) warmUp.push(clientMs);
  }
  for (let r = 0; r < (rounds.warm?.creates ?? 0); r += 1) await batch(createOperations(1000 + r));
  const move: { clientMs: number; serverMs: number }[] = [];
  for (let r = 0; r < rounds.moves; r += 1) move.push(await batch(moveOperations(ids, r)));
  const create: { clientMs: number; serverMs: number }[] = [];
  for (let r = 0; r < rounds.creates; r += 1) create.push(await batch(createOperations(r)));
  return {
    move: summarize(move.map((t) => t.clientMs)),
    moveServer: summarize(move.map((t) => t.serverMs)),
    create: summarize(create.map((t) => t.clientMs)),
    createServer: summarize(create.map((t) => t.serverMs)),
    warmUpMove: warmUp.length === 0 ? undefined : summarize(warmUp),
  };
}

/** Passes through a board's items in pages with the cursor: per page client latency and server time. */
export interface PagingResult {
  limit: number;
  passes: number;
  /** Pages per pass, and items per pass. */
  pages: number;
  items: number;
  /** Wall time of one pass (the mean over the passes). */
  passMs: number;
  client: LatencySummary;
  server: LatencySummary;
}

/**
 * `passes` passes through the board's items in pages of `limit` (`GET /boards/{id}/items` with
 * the cursor), after one uncounted first page that loads the board.
 */
export async function measurePaging(api: BoardApi, limit: number, passes: number): Promise<PagingResult> {
  const list = (cursor: string | null): Promise<{ clientMs: number; serverMs: number; body: unknown }> =>
    timedCall(api, 'GET', `/boards/${api.boardId}/items?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`, undefined, 200);
  await list(null);
  const client: number[] = [];
  const server: number[] = [];
  let pages = 0;
  let items = 0;
  const started = nowMs();
  for (let pass = 0; pass < passes; pass += 1) {
    pages = 0;
    items = 0;
    let cursor: string | null = null;
    do {
      const { body, clientMs, serverMs } = await list(cursor);
      client.push(clientMs);
      server.push(serverMs);
      const page = body as { data: unknown[]; nextCursor: string | null };
      pages += 1;
      items += page.data.length;
      cursor = page.nextCursor;
    } while (cursor !== null);
  }
  return { limit, passes, pages, items, passMs: (nowMs() - started) / passes, client: summarize(client), server: summarize(server) };
}

