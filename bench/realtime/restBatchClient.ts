// An integration's REST client, in a process of its own (as it would be in production, and so
// the load generator's sockets never delay its responses). Talks to BENCH_HTTP with the API key
// BENCH_TOKEN. Prints `BENCH {"ready":true}` once its connection is warm, then reads JSON lines
// `{"board":"<id>","items":n}` on stdin: creates n sticky notes on the board through
// sequential `items:batch` calls of up to 100 operations (SPEC's maximum), and prints
// `BENCH {"batchMs":t,"calls":c}` once the last call answered (or `BENCH {"error":"…"}`).
// With `"mode":"import"` it sends them as one `POST /boards/{id}/imports` and polls the job
// until it succeeded (`calls` counts the POST and the polls).
import { createInterface } from 'node:readline';

/** Most item operations one `items:batch` call takes (SPEC). */
const maxBatchOperations = 100;

const http = process.env.BENCH_HTTP ?? '';
const headers = { authorization: `Bearer ${process.env.BENCH_TOKEN ?? ''}`, 'content-type': 'application/json' };

async function request(method: string, url: string, body?: unknown): Promise<{ id?: string; status?: string; error?: unknown }> {
  const response = await fetch(`${http}${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { id?: string; status?: string };
}

const post = (url: string, body: unknown): Promise<unknown> => request('POST', url, body);

function sticky(n: number): Record<string, unknown> {
  return { type: 'sticky_note', position: { x: n * 10, y: 0 }, data: { text: `batch ${n}` } };
}

/** One import job of `items` stickies, polled every 5 ms until it ends. */
async function importItems(board: string, items: number): Promise<void> {
  const started = performance.now();
  const path = `/v1/boards/${encodeURIComponent(board)}/imports`;
  const job = await request('POST', path, { items: Array.from({ length: items }, (_, i) => sticky(i)) });
  let calls = 1;
  for (let state = job; ; calls += 1) {
    if (state.status === 'succeeded') break;
    if (state.status === 'failed') throw new Error(`import failed: ${JSON.stringify(state.error)}`);
    if (performance.now() - started > 60_000) throw new Error('import not done within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
    state = await request('GET', `${path}/${job.id ?? ''}`);
  }
  console.log(`BENCH ${JSON.stringify({ batchMs: performance.now() - started, calls })}`);
}

async function createItems(board: string, items: number): Promise<void> {
  const started = performance.now();
  let calls = 0;
  for (let done = 0; done < items; done += maxBatchOperations) {
    const operations = Array.from({ length: Math.min(maxBatchOperations, items - done) }, (_, i) => ({ op: 'create', ...sticky(done + i) }));
    await post(`/v1/boards/${encodeURIComponent(board)}/items:batch`, { operations });
    calls += 1;
  }
  console.log(`BENCH ${JSON.stringify({ batchMs: performance.now() - started, calls })}`);
}

const warm = await fetch(`${http}/readyz`);
await warm.text();
console.log(`BENCH ${JSON.stringify({ ready: warm.ok })}`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const { board, items, mode } = JSON.parse(line) as { board: string; items: number; mode?: 'batches' | 'import' };
  (mode === 'import' ? importItems(board, items) : createItems(board, items)).catch((error: unknown) => {
    console.log(`BENCH ${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}`);
  });
});
