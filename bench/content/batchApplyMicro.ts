import { PerformanceObserver, performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import { afterChange, applyBatchPlan, boardIndex, validateBatch } from '../../crdt/index.js';
import type { BatchResult, ItemView } from '../../crdt/index.js';
import { journaledItemChangeKey } from '../../server/content/changeKeys.js';
import { currentItem, itemChangeEvents } from '../../server/content/itemChangeEvents.js';
import { netItemChanges } from '../../server/content/itemChanges.js';

/**
 * Micro-benchmark of the item layer's part of a batch of creates, in one process: what an
 * import's chunk (1,000 creates) and a REST batch (100 creates) do to the board document once
 * access is checked. Each round validates the operations against a board of `existing` items (a
 * few of them sections), applies them in one transaction, lets Yjs encode the update (a listener
 * on `update`, as the store's), runs the observers a served board has (the board index, a deep
 * observer on the items as live edits keep) and plans the item events from the results as a
 * journaled write does (`afterChange`). Each round starts from a fresh copy of the same board
 * (built outside the timing). Prints ms per 1,000 created items (mean, and the median round's) and the young-generation
 * collections (count and ms) per 1,000 items, the allocation they stand for.
 *
 * Run after `npm run build`, as `npm start` runs the server:
 * `node --max-semi-space-size=2 dist/bench/content/batchApplyMicro.js [--rounds N] [--existing N]`.
 */

interface Options {
  readonly rounds: number;
  readonly existing: number;
}

function options(): Options {
  const read = (name: string, fallback: number): number => {
    const at = process.argv.indexOf(`--${name}`);
    const value = at < 0 ? fallback : Number(process.argv[at + 1]);
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`--${name} takes a whole number of at least 1`);
    return value;
  };
  return { rounds: read('rounds', 30), existing: read('existing', 2_000) };
}

const actor = { actorId: 'usr_bench' };
const nowMs = Date.UTC(2026, 10, 30);

/** The board every round starts from: `existing` sticky notes and one section in fifty. */
function boardState(existing: number): Uint8Array {
  const doc = new Y.Doc();
  const operations: unknown[] = [];
  for (let i = 0; i < existing; i++) {
    const position = { x: (i % 100) * 250, y: Math.floor(i / 100) * 250 };
    operations.push(
      i % 50 === 0
        ? { op: 'create', type: 'section', position, size: { width: 2_000, height: 2_000 }, data: { title: `section ${i}` } }
        : { op: 'create', type: 'sticky_note', position, data: { text: `note ${i}` } },
    );
  }
  applyBatchPlan(doc, validateBatch(doc, operations, existing), actor, nowMs);
  return Y.encodeStateAsUpdate(doc);
}

/** `count` creates as the S7 import and the REST bench send them. */
function creates(count: number): unknown[] {
  return Array.from({ length: count }, (_, n) => ({ op: 'create', type: 'sticky_note', position: { x: n * 10, y: 0 }, data: { text: `batch ${n}` } }));
}

/** A served board: the state, its index, the store's update listener and the live edits' observer. */
function servedBoard(state: Uint8Array): { doc: Y.Doc; updateBytes: () => number } {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  boardIndex(doc).topZ();
  let bytes = 0;
  doc.on('update', (update: Uint8Array) => {
    bytes += update.length;
  });
  doc.getMap('items').observeDeep((_events, transaction) => {
    if (transaction.origin === actor) return;
  });
  return { doc, updateBytes: () => bytes };
}

/** One batch as a journaled write runs it: validate, apply, encode and observe, plan the events. */
function runBatch(doc: Y.Doc, operations: unknown[], limit: number): number {
  let events = 0;
  const base = { workspaceId: 'wsp_bench', boardId: 'brd_bench', actor: { userId: actor.actorId, name: 'Bench' }, at: nowMs };
  doc.transact(() => {
    const result: BatchResult = applyBatchPlan(doc, validateBatch(doc, operations, limit), actor, nowMs);
    afterChange(doc, () => {
      const views = new Map<string, ItemView>();
      for (const r of result.results) {
        const view = r.op === 'delete' ? r.comment : r.item;
        if (view !== null) views.set(r.id, view);
      }
      events = itemChangeEvents(base, 'batch', netItemChanges(result.results), views, (id) => currentItem(doc, id), journaledItemChangeKey(doc, 'brd_bench', 'jrn_bench')).length;
    });
  }, actor);
  return events;
}

interface Figures {
  msPer1k: number;
  /** The median round's ms per 1,000 items: less moved by the other work of a shared machine than the mean. */
  medianMsPer1k: number;
  scavengesPer1k: number;
  scavengeMsPer1k: number;
  updateKb: number;
}

/** Young-generation collections (start time and duration) seen so far. */
const scavenges: { start: number; duration: number }[] = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    // NODE_PERFORMANCE_GC_MINOR = 1 (a scavenge of the young generation).
    if ((entry as unknown as { detail?: { kind?: number } }).detail?.kind === 1) scavenges.push({ start: entry.startTime, duration: entry.duration });
  }
});
gcObserver.observe({ entryTypes: ['gc'] });

/** Lets the observer report the collections so far (it does in a later turn). */
const gcReported = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 1));

async function measure(state: Uint8Array, batchSize: number, batches: number, rounds: number): Promise<Figures> {
  let ms = 0;
  let count = 0;
  let bytes = 0;
  const windows: [number, number][] = [];
  const roundMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const { doc, updateBytes } = servedBoard(state);
    const started = performance.now();
    for (let b = 0; b < batches; b++) {
      if (runBatch(doc, creates(batchSize), batchSize) !== batchSize) throw new Error('a batch planned fewer events than it created items');
    }
    const ended = performance.now();
    ms += ended - started;
    roundMs.push(((ended - started) * 1_000) / (batchSize * batches));
    windows.push([started, ended]);
    count += batchSize * batches;
    bytes += updateBytes();
    doc.destroy();
  }
  await gcReported();
  // Only the collections that started while batches ran (not those of building each round's board).
  const timed = scavenges.filter(({ start }) => windows.some(([from, to]) => start >= from && start <= to));
  scavenges.length = 0;
  const per1k = 1_000 / count;
  return {
    msPer1k: ms * per1k,
    medianMsPer1k: roundMs.sort((a, b) => a - b)[Math.floor(roundMs.length / 2)] ?? 0,
    scavengesPer1k: timed.length * per1k,
    scavengeMsPer1k: timed.reduce((sum, gc) => sum + gc.duration, 0) * per1k,
    updateKb: bytes / 1_024 / (rounds * batches),
  };
}

async function main(): Promise<void> {
  const { rounds, existing } = options();
  const state = boardState(existing);
  const fmt = (value: number): string => value.toFixed(2);
  // Warm-up: the compiler's tiers, the same for each build compared.
  await measure(state, 1_000, 1, 5);
  await measure(state, 100, 10, 5);
  for (const [label, batchSize, batches] of [['import chunk, 1 x 1,000 creates', 1_000, 1], ['REST batches, 10 x 100 creates', 100, 10]] as const) {
    const figures = await measure(state, batchSize, batches, rounds);
    console.log(
      `${label} on a ${existing}-item board, ${rounds} rounds: ${fmt(figures.msPer1k)} ms per 1,000 items (median round ${fmt(figures.medianMsPer1k)}); ` +
        `${fmt(figures.scavengesPer1k)} scavenges (${fmt(figures.scavengeMsPer1k)} ms) per 1,000 items; update ${fmt(figures.updateKb)} KB per batch`,
    );
  }
  gcObserver.disconnect();
}

await main();
