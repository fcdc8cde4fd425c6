import { summarize } from '../realtime/stats.js';
import type { LatencySummary } from '../realtime/stats.js';

/** Throughput of one REST create run. */
export interface CreatesRun {
  processes: number;
  creates: number;
  perSecond: number;
  latency: LatencySummary;
  /** Failed calls, by status or error message. */
  errors: Record<string, number>;
}

/** One sticky note at position `i` (the fields `POST /v1/boards/{id}/items` takes). */
function sticky(i: number): { type: string; position: { x: number; y: number }; data: { text: string } } {
  return { type: 'sticky_note', position: { x: (i % 100) * 220, y: Math.floor(i / 100) * 220 }, data: { text: `Note ${i}` } };
}

/**
 * Item creates (`POST /v1/boards/{id}/items`) by `concurrency` workers for `durationMs`, board
 * after board over `boards` and process after process over `bases` (a client alternating between
 * the processes, as a round-robin balancer would): completed creates per second.
 */
export async function measureCreates(bases: readonly string[], token: string, boards: readonly string[], options: { concurrency: number; durationMs: number }): Promise<CreatesRun> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const i = next++;
      const base = bases[i % bases.length] ?? '';
      const board = boards[Math.floor(i / bases.length) % boards.length] ?? '';
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
  return { processes: bases.length, creates: latencies.length, perSecond: latencies.length / elapsedS, latency: summarize(latencies), errors };
}
