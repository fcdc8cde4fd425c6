import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import { createItem } from '../../crdt/index.js';
import { itemsMap } from '../../crdt/items/boardSchema.js';
import { LiveEditGuard } from '../../crdt/sync/LiveEditGuard.js';
import { silentLogger } from '../../crdt/index.js';

/**
 * Micro-benchmark of live-edit validation (`LiveEditGuard`) on the apply path: the same client
 * updates (moves of an item, keystrokes in a note) applied to a 10,000-item board with and
 * without the guard watching; prints microseconds per update. Run after `npm run build`:
 * `node --expose-gc dist/bench/realtime/liveEditGuardMicro.js [items]` (collects garbage before each timed run;
 * `items`, 10,000 by default, sets the board's size: the guard's cost must not grow with it).
 */
const items = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(items) || items < 20) throw new TypeError('items must be a whole number of at least 20');
const updates = 3_000;
const origin = { actor: { userId: 'usr_client' } };

/** The board's state, built once: one created item, copied under 10,000 ids (REST creates one at a time, far slower). */
const builtAtMs = Date.now();
const boardState = ((): Uint8Array => {
  const template = new Y.Doc();
  const made = createItem(template, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'note' } }, { actorId: 'usr_client' }, builtAtMs);
  const fields = (itemsMap(template).get(made.id) as Y.Map<unknown>).toJSON() as Record<string, unknown>;
  const doc = new Y.Doc();
  doc.transact(() => {
    for (let i = 0; i < items; i++) {
      const entry = new Y.Map<unknown>();
      for (const [key, value] of Object.entries(fields)) {
        if (key !== 'data') entry.set(key, key === 'x' ? (i % 100) * 250 : value);
      }
      const data = new Y.Map<unknown>();
      data.set('text', new Y.Text(`note ${i}`));
      data.set('color', '#fff9b1');
      entry.set('data', data);
      itemsMap(doc).set(`itm_${i}`, entry);
    }
  });
  return Y.encodeStateAsUpdate(doc);
})();

function board(): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, boardState);
  return doc;
}

/** Client updates recorded on a copy of `doc`: `kind` moves or types into random items. */
function clientUpdates(doc: Y.Doc, kind: 'move' | 'type'): Uint8Array[] {
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(doc));
  const ids = [...itemsMap(client).keys()];
  const out: Uint8Array[] = [];
  client.on('update', (update: Uint8Array) => out.push(update));
  for (let i = 0; i < updates; i++) {
    // A drag or a typing run touches one item many times: 20 items in turn, each edited by its author already.
    const entry = itemsMap(client).get(ids[((i % 20) * 499) % ids.length]!) as Y.Map<unknown>;
    client.transact(() => {
      if (kind === 'move') {
        entry.set('x', i);
      } else ((entry.get('data') as Y.Map<unknown>).get('text') as Y.Text).insert(0, 'k');
    });
  }
  return out;
}

function run(kind: 'move' | 'type', guarded: boolean): number {
  const doc = board();
  const recorded = clientUpdates(doc, kind);
  const guard = guarded
    ? new LiveEditGuard(doc, { boardId: 'b', clock: { now: () => builtAtMs }, logger: silentLogger, isLive: (o) => o === origin, authorOf: (o) => (o === origin ? 'usr_client' : undefined) })
    : undefined;
  (globalThis as { gc?: () => void }).gc?.();
  const started = performance.now();
  for (const update of recorded) {
    Y.applyUpdate(doc, update, origin);
    guard?.settle([]);
  }
  const elapsed = performance.now() - started;
  guard?.dispose();
  return (elapsed * 1000) / recorded.length;
}

for (const kind of ['move', 'type'] as const) {
  // Alternate and take the best of five, so one GC pause does not decide.
  const plain: number[] = [];
  const guarded: number[] = [];
  for (let i = 0; i < 5; i++) {
    plain.push(run(kind, false));
    guarded.push(run(kind, true));
  }
  const p = Math.min(...plain);
  const g = Math.min(...guarded);
  process.stdout.write(`${kind}: ${p.toFixed(1)} µs/update without the guard, ${g.toFixed(1)} µs with it (+${(g - p).toFixed(1)} µs) on a ${items}-item board\n`);
}
