import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureAiGenerate } from './ai/generateBench.js';
import { measureRaw, measureYjs } from './content/baselines.js';
import { checkoutBin, describeCheckout } from './content/checkouts.js';
import { measureProcessColdLoad, measureRegistryColdLoad } from './content/coldLoad.js';
import { measureFanout } from './content/fanout.js';
import { measureEditLoad } from './content/editLoad.js';
import { renderBeforeAfter, renderReport } from './content/report.js';
import type { ContentBenchResults } from './content/report.js';
import type { BoardApi } from './content/restBench.js';
import { createBoard, measureBatches, measureChatPosts, measureCreates, measurePaging, seedBoard, someItemIds, timedCall, warmBatches } from './content/restBench.js';
import { measureSearchReindex } from './content/searchReindex.js';
import type { McpCreateCompare } from './mcp/mcpCreates.js';
import { measureMcpCreates, renderMcpCreates } from './mcp/mcpCreates.js';
import { createBenchUser, pinLoadGenerator, startBoards } from './content/serverProcess.js';
import { nowMs, summarize } from './content/stats.js';
import { startNodeOptions } from './realtime/paths.js';
import { defaultWebBenchConfig } from './web/config.js';
import { benchChromiumPath, runAndWriteWebBench } from './web/webBench.js';
import { runWebhookBench } from './webhooks/webhookBench.js';

/** Items on the benchmark board (issue 5: "on a 10,000-item board"). */
const boardItems = 10_000;
/** Thin sockets for the fan-out measure (issue 5). */
const fanoutSinks = 200;
/** The steady edit load under which the server's event-loop delay is measured (issue 16: 50 writes/s for a minute). */
const editLoad = { writesPerSecond: 50, durationMs: 60_000 };
/** Chat posts in the record-write section: REST writes that touch no board document. */
const recordWrites = 1000;
/** How long after a duplicate answers the server's event-loop delay is still counted (the copy's search index is written meanwhile), in ms. */
const duplicateSettleMs = 2000;
/** `ai/generate` on the 10k board (issue 18): notes per call and calls per provider. */
const aiGenerate = { items: 20, runs: 20 };

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** Taken once, before the load generator is pinned to core 1 (after which this process sees one core), so every run of `--against` is pinned alike. */
const nproc = availableParallelism();
const pinned = pinLoadGenerator();

const usage = 'usage: npm run bench [-- --against <built checkout>]';

/** The command line: `--against <checkout>` runs the content bench on that checkout's server, then on this one's. */
function options(): { against: string | undefined } {
  try {
    const { values } = parseArgs({ options: { against: { type: 'string' } }, strict: true });
    return { against: values.against };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    process.exit(2);
  }
}

/** `measure` on a copy of `dataDir`, removed after. */
async function onCopy<T>(dataDir: string, measure: (copy: string) => Promise<T>): Promise<T> {
  const copy = mkdtempSync(path.join(tmpdir(), 'boards-bench-copy-'));
  try {
    cpSync(dataDir, copy, { recursive: true });
    return await measure(copy);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Runs the board content benchmark on this checkout's server, or with `bin` on another built
 * checkout's (named `server` in the report). The in-process sections (cold registry load, search
 * reindex) run this checkout's code on a copy of the data dir the server wrote; `ai/generate`
 * runs on this checkout's server only.
 */
export async function runContentBench(other?: { bin: string; server: string }): Promise<ContentBenchResults & { mcp: McpCreateCompare | undefined }> {
  const began = nowMs();
  const core = pinned ? 0 : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-bench-'));
  try {
    log('creating a user');
    const bin = other === undefined ? {} : { bin: other.bin };
    const key = await createBenchUser(dataDir, other?.bin);
    let server = await startBoards({ dataDir, ...bin, ...(core === undefined ? {} : { core }) });
    const boardId = await createBoard(server.url, key, 'Bench 10k');
    log('REST creates on an empty board');
    const emptyBoardId = await createBoard(server.url, key, 'Bench empty');
    const emptySequential = await measureCreates({ url: server.url, key, boardId: emptyBoardId }, 100, 1);
    log(`seeding ${boardItems} items`);
    const seedStart = nowMs();
    const seedLatencies = await seedBoard({ url: server.url, key, boardId }, boardItems);
    const seed = { batches: summarize(seedLatencies), totalMs: nowMs() - seedStart };
    await server.stop();

    log('cold loads');
    // This checkout's code reads (and the reindex measure edits) a copy: the server's own data dir
    // stays as the server wrote it, for the server that may be another checkout's.
    const registryCold = await onCopy(dataDir, (copy) => measureRegistryColdLoad(copy, boardId, 3));
    if (registryCold.items !== boardItems) throw new Error(`expected ${boardItems} items, loaded ${registryCold.items}`);
    const yjs = measureYjs(registryCold.state);
    const processCold = await measureProcessColdLoad(dataDir, boardId, key, 3, core, other?.bin);
    log('search reindexes');
    const search = await onCopy(dataDir, (copy) => measureSearchReindex(copy, boardId));

    server = await startBoards({ dataDir, probe: true, ...bin, ...(core === undefined ? {} : { core }) });
    try {
      const api: BoardApi = { url: server.url, key, boardId };
      const ids = await someItemIds(api);
      // Each section starts on a quiet server: not behind the compaction or reindex the one before left running.
      const quietMs: Record<string, number> = {};
      log('REST creates');
      quietMs.creates = await server.whenQuiet();
      const sequential = await measureCreates(api, 100, 1);
      const concurrency = 8;
      const concurrent = { ...(await measureCreates(api, 200, concurrency)), concurrency };
      // Issue 52: the same create through /mcp, on this checkout's server (another may have no /mcp).
      if (other === undefined) log('MCP tools/call create_item against REST creates');
      const mcp = other === undefined ? await measureMcpCreates(api, 100) : undefined;
      log('paging through the items');
      quietMs.paging = await server.whenQuiet();
      // The 10k board in pages of 100, against whole passes through the 100-item board (one page each).
      const paging = await measurePaging(api, 100, 1);
      const smallPaging = await measurePaging({ ...api, boardId: emptyBoardId }, 100, 50);
      log('batches');
      quietMs.batches = await server.whenQuiet();
      // Twenty batches of creates: a median of five moved by a millisecond from run to run. They
      // add 2,000 items to the board, and the untimed ones 1,500 more. Untimed batches first, as
      // the durable floor runs them: the server was restarted after seeding, and its first
      // batches would time the compiler's warm-up.
      const batch = await measureBatches(api, ids, { moves: 40, creates: 20, warm: warmBatches });
      log(`fan-out to ${fanoutSinks} sockets`);
      quietMs.fanout = await server.whenQuiet();
      const fanout = await measureFanout(api, ids, { sinks: fanoutSinks, messages: 40 });
      log(`event-loop delay at ${editLoad.writesPerSecond} writes/s for ${editLoad.durationMs / 1000} s`);
      quietMs.edits = await server.whenQuiet();
      const edits = await measureEditLoad(server, api, ids, editLoad);
      log('REST record writes (chat posts)');
      quietMs.records = await server.whenQuiet();
      await server.startProbe();
      const posts = await measureChatPosts(api, recordWrites, concurrency);
      const records = { ...posts, concurrency, delay: await server.stopProbe() };
      log('duplicate of the board');
      quietMs.duplicate = await server.whenQuiet();
      await server.startProbe();
      const duplicated = await timedCall(api, 'POST', `/boards/${boardId}/duplicate`, undefined, 201);
      // The copy's search index is written in the next seconds (from the copied items): counted too.
      await new Promise((resolve) => setTimeout(resolve, duplicateSettleMs));
      const duplicate = { clientMs: duplicated.clientMs, serverMs: duplicated.serverMs, settleMs: duplicateSettleMs, delay: await server.stopProbe() };
      await server.stop();
      if (other === undefined) log(`ai/generate of ${aiGenerate.items} items`);
      const ai = other === undefined ? await measureAiGenerate({ dataDir, key, boardId, smallBoardId: emptyBoardId, core, ...aiGenerate }) : undefined;
      log('raw baselines');
      // The floor gets the board as the batches found it (the state of the cold-load measure) and the same batches.
      const raw = await measureRaw({ core, sinks: fanoutSinks, messages: 40, floor: { state: registryCold.state, ids, moves: 40, creates: 20 } });
      return {
        node: process.version,
        nproc,
        pinned,
        nodeOptions: startNodeOptions(),
        items: boardItems,
        seed,
        registryCold,
        processCold,
        emptySequential,
        sequential,
        concurrent,
        paging,
        smallPaging,
        batch,
        fanout,
        search,
        edits,
        records,
        duplicate,
        ai,
        mcp,
        ...(other === undefined ? {} : { server: other.server }),
        quietMs,
        yjs,
        raw,
        totalSeconds: (nowMs() - began) / 1000,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function write(name: string, text: string): void {
  const out = path.resolve('bench', 'results', name);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, text);
  log(`wrote ${out}`);
}

const { against } = options();
if (against === undefined) {
  const results = await runContentBench();
  const report = `${renderReport(results, 'npm run bench')}${results.mcp ? `\n\n${renderMcpCreates(results.mcp, results.items)}` : ''}`;
  process.stdout.write(`${report}\n`);
  write('content-latest.md', report);
  await runWebhookBench();
  // Issue 53: the web app in headless Chromium (frame times of a drag, first paint); skipped without Chromium.
  if (existsSync(benchChromiumPath)) process.stdout.write(`${await runAndWriteWebBench(defaultWebBenchConfig)}\n`);
  else log(`web app section skipped: no Chromium at ${benchChromiumPath}`);
} else {
  const found = checkoutBin(against);
  if ('problem' in found) {
    process.stderr.write(`${found.problem}\n${usage}\n`);
    process.exit(2);
  }
  log(`before: the server of ${against}`);
  const before = await runContentBench({ bin: found.bin, server: describeCheckout(against) });
  log('after: this checkout');
  const after = { ...(await runContentBench()), server: `${describeCheckout('.')} (this checkout)` };
  write('content-latest.md', `${renderReport(after, 'npm run bench -- --against <checkout>')}${after.mcp ? `\n\n${renderMcpCreates(after.mcp, after.items)}` : ''}`);
  const table = renderBeforeAfter(before, after, 'npm run bench -- --against <checkout>');
  process.stdout.write(`${table}\n`);
  write('content-before-after.md', table);
}
