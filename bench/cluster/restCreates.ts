import http from 'node:http';
import { crc32 } from 'node:zlib';
import { summarize } from '../realtime/stats.js';
import type { LatencySummary } from '../realtime/stats.js';
import { statementsPerCreate } from './statementCounts.js';
import type { StatementCalls, StatementsPerCreate } from './statementCounts.js';

/** Throughput of one REST create run. */
export interface CreatesRun {
  processes: number;
  /** How requests were spread over the processes (see `Spread`). */
  spread: Spread;
  creates: number;
  /** Completed creates per process, in the order of the processes. */
  served: number[];
  perSecond: number;
  latency: LatencySummary;
  /** Failed calls, by status or error message. */
  errors: Record<string, number>;
  /**
   * CPU time per completed create, in ms, of the server processes together, of PostgreSQL (its
   * backends), of Redis and of the load generator (this process): what a create costs whatever else
   * the machine runs, unlike `perSecond`. Null when not sampled.
   */
  cpuPerCreate: { serverMs: number; postgresMs: number; redisMs: number; clientMs: number } | null;
  /** PostgreSQL transactions per completed create, background work included (see `SharedInfra.transactions`); null when not sampled. */
  transactionsPerCreate: number | null;
  /** PostgreSQL's statements per completed create, background work included (`--pg-statements`); null when not counted. */
  statements: StatementsPerCreate | null;
}

/**
 * CPU time so far, in ms, of the server processes together, of PostgreSQL and of Redis, and
 * PostgreSQL's transactions so far; with `--pg-statements`, its calls per statement so far.
 */
export type CpuSample = () => { server: number; postgres: number; redis: number; transactions: number; statements?: StatementCalls | null };

/**
 * How a run spreads its requests over the processes: `round-robin` request by request (a balancer
 * without affinity); `by-board` each board always on one process, boards dealt out in turn (an
 * even split); `board-hash` each board always on the process a hash of its id picks, the kind of
 * spread `hash $board consistent` in deploy/nginx.conf gives (CRC-32 modulo the processes here,
 * not nginx's ring, so which boards go together differs, not how even the split is on average).
 */
export type Spread = 'round-robin' | 'by-board' | 'board-hash';

/** The index of the process that serves request `i` of board number `boardIndex` (id `board`) under `spread`. */
export function processFor(spread: Spread, i: number, boardIndex: number, board: string, processes: number): number {
  if (spread === 'round-robin') return i % processes;
  if (spread === 'by-board') return boardIndex % processes;
  return crc32(board) % processes;
}

/** One sticky note at position `i` (the fields `POST /v1/boards/{id}/items` takes). */
function sticky(i: number): { type: string; position: { x: number; y: number }; data: { text: string } } {
  return { type: 'sticky_note', position: { x: (i % 100) * 220, y: Math.floor(i / 100) * 220 }, data: { text: `Note ${i}` } };
}

/**
 * A `POST` of `body` on a kept-alive connection of `agent`: the status, once the answer is read.
 * Plain `node:http` rather than `fetch`: the load generator shares the machine's cores with the
 * servers, and `fetch` spends about twice its CPU per request.
 */
function post(agent: http.Agent, url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Item creates (`POST /v1/boards/{id}/items`) by `concurrency` workers for `durationMs`, board
 * after board over `boards`, spread over the processes at `bases` as `options.spread` says:
 * completed creates per second, and per process.
 */
export async function measureCreates(
  bases: readonly string[],
  token: string,
  boards: readonly string[],
  options: { concurrency: number; durationMs: number; spread: Spread; cpu?: CpuSample },
): Promise<CreatesRun> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const served = bases.map(() => 0);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const cpuBefore = options.cpu?.();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const i = next++;
      const boardIndex = options.spread === 'round-robin' ? Math.floor(i / bases.length) % boards.length : i % boards.length;
      const board = boards[boardIndex] ?? '';
      const processIndex = processFor(options.spread, i, boardIndex, board, bases.length);
      const base = bases[processIndex] ?? '';
      const at = performance.now();
      try {
        const status = await post(agent, `${base}/v1/boards/${board}/items`, headers, JSON.stringify(sticky(i)));
        if (status === 201) {
          latencies.push(performance.now() - at);
          served[processIndex] = (served[processIndex] ?? 0) + 1;
        }
        else errors[String(status)] = (errors[String(status)] ?? 0) + 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors[message] = (errors[message] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  const cpuAfter = options.cpu?.();
  const client = process.cpuUsage(clientBefore);
  agent.destroy();
  const creates = Math.max(1, latencies.length);
  const cpuPerCreate =
    cpuBefore && cpuAfter
      ? {
          serverMs: (cpuAfter.server - cpuBefore.server) / creates,
          postgresMs: (cpuAfter.postgres - cpuBefore.postgres) / creates,
          redisMs: (cpuAfter.redis - cpuBefore.redis) / creates,
          clientMs: (client.user + client.system) / 1000 / creates,
        }
      : null;
  const transactionsPerCreate = cpuBefore && cpuAfter ? (cpuAfter.transactions - cpuBefore.transactions) / creates : null;
  const statements = cpuBefore?.statements && cpuAfter?.statements ? statementsPerCreate(cpuBefore.statements, cpuAfter.statements, creates) : null;
  return { processes: bases.length, spread: options.spread, creates: latencies.length, served, perSecond: latencies.length / elapsedS, latency: summarize(latencies), errors, cpuPerCreate, transactionsPerCreate, statements };
}
