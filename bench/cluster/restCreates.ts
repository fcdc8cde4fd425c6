import { summarize } from '../realtime/stats.js';
import type { LatencySummary } from '../realtime/stats.js';

/** Throughput of one REST create run. */
export interface CreatesRun {
  processes: number;
  /** How requests were spread: `round-robin` (request by request) or `by-board` (each board always on one process). */
  spread: Spread;
  creates: number;
  perSecond: number;
  latency: LatencySummary;
  /** Failed calls, by status or error message. */
  errors: Record<string, number>;
}

/** How a run spreads its requests over the processes. */
export type Spread = 'round-robin' | 'by-board';

/** One sticky note at position `i` (the fields `POST /v1/boards/{id}/items` takes). */
function sticky(i: number): { type: string; position: { x: number; y: number }; data: { text: string } } {
  return { type: 'sticky_note', position: { x: (i % 100) * 220, y: Math.floor(i / 100) * 220 }, data: { text: `Note ${i}` } };
}

/**
 * Item creates (`POST /v1/boards/{id}/items`) by `concurrency` workers for `durationMs`, board
 * after board over `boards`, spread over the processes at `bases` request by request (a client
 * alternating between them, as a round-robin balancer would) or board by board (each board's
 * requests always to one process): completed creates per second.
 */
export async function measureCreates(
  bases: readonly string[],
  token: string,
  boards: readonly string[],
  options: { concurrency: number; durationMs: number; spread: Spread },
): Promise<CreatesRun> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const i = next++;
      const boardIndex = options.spread === 'round-robin' ? Math.floor(i / bases.length) % boards.length : i % boards.length;
      const base = bases[options.spread === 'round-robin' ? i % bases.length : boardIndex % bases.length] ?? '';
      const board = boards[boardIndex] ?? '';
      const at = performance.now();
      try {
        const response = await fetch(`${base}/v1/boards/${board}/items`, { method: 'POST', headers, body: JSON.stringify(sticky(i)) });
        await response.arrayBuffer();
        if (response.status === 201) latencies.push(performance.now() - at);
        else errors[String(response.status)] = (errors[String(response.status)] ?? 0) + 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors[message] = (errors[message] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  return { processes: bases.length, spread: options.spread, creates: latencies.length, perSecond: latencies.length / elapsedS, latency: summarize(latencies), errors };
}
