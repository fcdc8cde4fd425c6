import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BoardApi, CreateResult } from '../content/restBench.js';
import { call, createBoard, measureCreates } from '../content/restBench.js';
import { createBenchUser, startBoards } from '../content/serverProcess.js';
import { fmt, nowMs } from '../content/stats.js';
import type { Receiver, ReceiverPlacement } from './receiver.js';
import { startReceiver } from './receiver.js';

/** Webhooks of the fan-out throughput figure and of the latency comparison. */
const hooks = 10;
/** Sequential REST creates per round; rounds alternate none / `hooks` subscribed. */
const createsPerRound = 100;

/** How much the webhook benchmark does. */
export interface WebhookBenchSize {
  /** Events pushed through one webhook for the throughput figure. */
  singleHookEvents: number;
  /** Events for each of the `hooks` webhooks of the fan-out throughput figure. */
  fanoutEvents: number;
  /** Rounds of `createsPerRound` creates without, then with, the webhooks. */
  rounds: number;
  /**
   * Where the receiver runs (default: a process of its own). In the bench's own process it
   * handles the deliveries on the event loop that times the creates, so the creates with
   * webhooks also wait for the bench's own work: the way this figure was first taken.
   */
  receiver?: ReceiverPlacement;
}

/** The size `npm run bench` runs. */
/** Ten rounds: with two, the ratio of two runs in a row ranged from 1.15× to 1.39× on one build. */
export const fullWebhookBench: WebhookBenchSize = { singleHookEvents: 3_000, fanoutEvents: 500, rounds: 10 };

/** What the webhook benchmark measured. */
export interface WebhookBenchResults {
  size: WebhookBenchSize;
  single: { events: number; seconds: number; perSecond: number };
  fanout: { webhooks: number; deliveries: number; seconds: number; perSecond: number };
  createsWithout: CreateResult[];
  createsWith: CreateResult[];
  totalSeconds: number;
}

function log(message: string): void {
  process.stderr.write(`[bench:webhooks] ${message}\n`);
}

/** Creates `count` sticky notes through `items:batch` of up to 100 (each create is one `item.created`). */
async function produce(api: BoardApi, count: number): Promise<void> {
  for (let start = 0; start < count; start += 100) {
    const operations = Array.from({ length: Math.min(100, count - start) }, (_, i) => ({ op: 'create', type: 'sticky_note', position: { x: (i % 10) * 220, y: 0 }, data: { text: `e${start + i}` } }));
    await call(api.url, api.key, 'POST', `/boards/${api.boardId}/items:batch`, { operations }, 200);
  }
}

/** Delivery throughput: from the first produced event to the last delivery received. */
async function throughput(api: BoardApi, receiver: Receiver, events: number, webhookCount: number): Promise<{ seconds: number; perSecond: number }> {
  const target = (await receiver.count()) + events * webhookCount;
  const started = nowMs();
  await produce(api, events);
  await receiver.whenCount(target);
  const seconds = (nowMs() - started) / 1000;
  return { seconds, perSecond: (events * webhookCount) / seconds };
}

async function setEnabled(api: BoardApi, ids: readonly string[], enabled: boolean): Promise<void> {
  for (const id of ids) await call(api.url, api.key, 'PATCH', `/webhooks/${id}`, { enabled }, 200);
}

/** Renders the results as the Markdown written to `bench/results/webhooks-latest.md`. */
export function renderWebhookReport(r: WebhookBenchResults, command: string): string {
  const p50 = (list: CreateResult[]): number => list.reduce((sum, c) => sum + c.latency.p50, 0) / list.length;
  const serverP50 = (list: CreateResult[]): number => list.reduce((sum, c) => sum + c.server.p50, 0) / list.length;
  const p99 = (list: CreateResult[]): number => Math.max(...list.map((c) => c.latency.p99));
  return [
    `# Webhooks benchmark (\`${command}\`)`,
    '',
    `Node ${process.version}; the server is the real CLI process, the receiver a local HTTP server answering 204, ${r.size.receiver === 'in-process' ? 'in the process that times the creates (`--receiver-in-process`)' : 'in a process of its own'}.`,
    '',
    '| Measure | Result |',
    '| --- | --- |',
    `| Events delivered per second, 1 webhook (${r.single.events} item.created from batches of 100, first event produced to last delivery) | ${fmt(r.single.perSecond)} /s (${fmt(r.single.seconds, ' s')}) |`,
    `| Deliveries per second, ${r.fanout.webhooks} webhooks × ${r.size.fanoutEvents} events | ${fmt(r.fanout.perSecond)} /s (${r.fanout.deliveries} in ${fmt(r.fanout.seconds, ' s')}) |`,
    `| REST item create p50, no webhook (${r.size.rounds} × ${createsPerRound} sequential) | ${fmt(p50(r.createsWithout), ' ms')} (p99 ${fmt(p99(r.createsWithout), ' ms')}) |`,
    `| REST item create p50, ${hooks} webhooks subscribed to item.created (same run, rounds alternated) | ${fmt(p50(r.createsWith), ' ms')} (p99 ${fmt(p99(r.createsWith), ' ms')}) |`,
    `| Ratio with / without (p50) | ${(p50(r.createsWith) / p50(r.createsWithout)).toFixed(2)}× |`,
    `| The same, server time (\`Server-Timing\`) p50: none / ${hooks} webhooks | ${fmt(serverP50(r.createsWithout), ' ms')} / ${fmt(serverP50(r.createsWith), ' ms')} (${(serverP50(r.createsWith) / serverP50(r.createsWithout)).toFixed(2)}×) |`,
    '',
    `Total ${fmt(r.totalSeconds, ' s')}.`,
    '',
  ].join('\n');
}

/**
 * The webhook figures issue 20 asks of `npm run bench`: events delivered per second through the
 * dispatcher to a local receiver, and the latency of a REST item create with 10 webhooks subscribed
 * against none, in the same run. Prints the report and writes `bench/results/webhooks-latest.md`.
 * `nodeArgs` go to the server's node (e.g. `--cpu-prof`).
 */
export async function runWebhookBench(command = 'npm run bench', size: WebhookBenchSize = fullWebhookBench, nodeArgs: readonly string[] = []): Promise<WebhookBenchResults> {
  const { singleHookEvents, fanoutEvents, rounds } = size;
  const began = nowMs();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-bench-webhooks-'));
  const receiver = await startReceiver(size.receiver);
  // The receiver is on loopback: allowed for this server only (it inherits this environment).
  const before = process.env.BOARDS_WEBHOOKS_ALLOW_PRIVATE;
  process.env.BOARDS_WEBHOOKS_ALLOW_PRIVATE = 'true';
  try {
    const key = await createBenchUser(dataDir);
    const server = await startBoards({ dataDir, nodeArgs });
    try {
      const api: BoardApi = { url: server.url, key, boardId: await createBoard(server.url, key, 'Webhook bench') };
      const hook = (await call(api.url, key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] }, 201)) as { id: string };
      log(`${singleHookEvents} events through one webhook`);
      const single = { events: singleHookEvents, ...(await throughput(api, receiver, singleHookEvents, 1)) };
      const ids = [hook.id];
      for (let i = 1; i < hooks; i++) ids.push(((await call(api.url, key, 'POST', '/webhooks', { url: receiver.url, events: ['item.created'] }, 201)) as { id: string }).id);
      log(`${fanoutEvents} events through ${hooks} webhooks`);
      const fanout = { webhooks: hooks, deliveries: fanoutEvents * hooks, ...(await throughput(api, receiver, fanoutEvents, hooks)) };

      log('REST creates with and without webhooks');
      const createsApi: BoardApi = { ...api, boardId: await createBoard(server.url, key, 'Webhook bench creates') };
      const createsWithout: CreateResult[] = [];
      const createsWith: CreateResult[] = [];
      for (let round = 0; round < rounds; round++) {
        await setEnabled(api, ids, false);
        createsWithout.push(await measureCreates(createsApi, createsPerRound, 1));
        await setEnabled(api, ids, true);
        createsWith.push(await measureCreates(createsApi, createsPerRound, 1));
      }
      const results = { size, single, fanout, createsWithout, createsWith, totalSeconds: (nowMs() - began) / 1000 };
      const report = renderWebhookReport(results, command);
      process.stdout.write(`${report}\n`);
      const out = path.resolve('bench', 'results', 'webhooks-latest.md');
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, report);
      log(`wrote ${out}`);
      return results;
    } finally {
      await server.stop();
    }
  } finally {
    if (before === undefined) delete process.env.BOARDS_WEBHOOKS_ALLOW_PRIVATE;
    else process.env.BOARDS_WEBHOOKS_ALLOW_PRIVATE = before;
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
