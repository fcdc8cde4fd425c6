// An integration's REST client, in a process of its own (as it would be in production, and so
// the load generator's sockets never delay its responses). Talks to BENCH_HTTP with the API key
// BENCH_TOKEN. Prints `BENCH {"ready":true}` once its connection is warm, then reads JSON lines
// `{"board":"<id>","items":n}` on stdin: creates n sticky notes on the board through
// sequential `items:batch` calls of up to 100 operations (SPEC's maximum), and prints
// `BENCH {"batchMs":t,"calls":c}` once the last call answered (or `BENCH {"error":"…"}`).
import { createInterface } from 'node:readline';

/** Most item operations one `items:batch` call takes (SPEC). */
const maxBatchOperations = 100;

const http = process.env.BENCH_HTTP ?? '';
const headers = { authorization: `Bearer ${process.env.BENCH_TOKEN ?? ''}`, 'content-type': 'application/json' };

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(`${http}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${text.slice(0, 300)}`);
}

async function createItems(board: string, items: number): Promise<void> {
  const started = performance.now();
  let calls = 0;
  for (let done = 0; done < items; done += maxBatchOperations) {
    const operations = Array.from({ length: Math.min(maxBatchOperations, items - done) }, (_, i) => ({
      op: 'create',
      type: 'sticky_note',
      position: { x: (done + i) * 10, y: 0 },
      data: { text: `batch ${done + i}` },
    }));
    await post(`/v1/boards/${encodeURIComponent(board)}/items:batch`, { operations });
    calls += 1;
  }
  console.log(`BENCH ${JSON.stringify({ batchMs: performance.now() - started, calls })}`);
}

const warm = await fetch(`${http}/readyz`);
await warm.text();
console.log(`BENCH ${JSON.stringify({ ready: warm.ok })}`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const { board, items } = JSON.parse(line) as { board: string; items: number };
  createItems(board, items).catch((error: unknown) => {
    console.log(`BENCH ${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}`);
  });
});
