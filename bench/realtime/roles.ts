import type * as Y from 'yjs';
import type { AwarenessChanges, DocClient } from './docClients.js';
import { hostNowMs } from './target.js';

/** Name of the root map of a board document (crdt/items/boardSchema.ts `itemsMapName`). */
export const itemsMapName = 'items';

/**
 * The stamp of a write: the writer's sequence number `n` and the host time `ts` it was sent at,
 * carried as the note's text (`"<n> <ts>"`), so the item stays a valid sticky note for a server
 * that checks live edits against its item catalogue.
 */
export interface WriteStamp {
  n: number;
  ts: number;
}

function stampText(stamp: WriteStamp): string {
  return `${stamp.n} ${stamp.ts}`;
}

/** The stamp a writer's item carries, or undefined when `item` is not one. */
export function stampOf(Yjs: { Map: typeof Y.Map }, item: unknown): WriteStamp | undefined {
  if (!(item instanceof Yjs.Map)) return undefined;
  const data = (item as Y.Map<unknown>).get('data');
  const text = data instanceof Yjs.Map ? (data as Y.Map<unknown>).get('text') : undefined;
  if (typeof text !== 'string') return undefined;
  const [n, ts] = text.split(' ').map(Number);
  return n !== undefined && ts !== undefined && Number.isFinite(n) && Number.isFinite(ts) ? { n, ts } : undefined;
}

/**
 * A writer: a real provider and `Y.Doc`; its item is a complete sticky note, and each write is
 * one `doc.transact` moving it (`x`, `y`) and stamping it (its text: `n` and `ts`, host clock).
 */
export class Writer {
  /** Writes done so far (the last `n`). */
  n = 0;
  readonly key: string;
  readonly client: DocClient;
  #item: Y.Map<unknown> | undefined;
  #data: Y.Map<unknown> | undefined;

  constructor(client: DocClient, key: string) {
    this.client = client;
    this.key = key;
  }

  /** Creates the writer's item (after sync, so it lands in the shared map). */
  init(): void {
    const { Y: Yjs, doc } = this.client;
    const item = new Yjs.Map<unknown>();
    const data = new Yjs.Map<unknown>();
    doc.transact(() => {
      for (const [key, value] of Object.entries({ type: 'sticky_note', x: 0, y: 0, width: 200, height: 200, rotation: 0, z: 'a0' })) item.set(key, value);
      item.set('data', data);
      data.set('text', stampText({ n: 0, ts: 0 }));
      data.set('color', '#fff9b1');
      doc.getMap(itemsMapName).set(this.key, item);
    });
    this.#item = item;
    this.#data = data;
  }

  /** One update: moves the item and stamps it. */
  write(): void {
    const item = this.#item;
    const data = this.#data;
    if (item === undefined || data === undefined) throw new Error('Writer.write before init');
    this.n += 1;
    const n = this.n;
    this.client.doc.transact(() => {
      item.set('x', n % 1000);
      item.set('y', (n * 7) % 1000);
      data.set('text', stampText({ n, ts: hostNowMs() }));
    });
  }
}

/** A probe: a full document that records fan-out latency (receive time minus `ts`) and what it has seen. */
export class Probe {
  readonly client: DocClient;
  /** Latency samples in ms, taken while `recording`. */
  samples: number[] = [];
  /** Awareness latency samples in ms, taken while `recording`. */
  awarenessSamples: number[] = [];
  recording = false;
  /** Highest `n` seen per writer key. */
  readonly seen = new Map<string, number>();
  /** Highest awareness clock seen per client id. */
  readonly clocks = new Map<number, number>();

  constructor(client: DocClient) {
    this.client = client;
    const items = client.doc.getMap<unknown>(itemsMapName);
    items.observeDeep((events) => {
      const now = hostNowMs();
      for (const event of events) {
        // A write changes its item's data map (path [key, 'data']); the creation adds the item (path []).
        if (event.path.length !== 2 || event.path[1] !== 'data' || !(event as Y.YMapEvent<unknown>).keysChanged.has('text')) continue;
        const key = String(event.path[0]);
        const stamp = stampOf(client.Y, items.get(key));
        if (stamp === undefined) continue;
        this.seen.set(key, Math.max(stamp.n, this.seen.get(key) ?? 0));
        if (this.recording && stamp.n > 0) this.samples.push(now - stamp.ts);
      }
    });
    client.awareness.on('update', (changes: AwarenessChanges) => {
      const now = hostNowMs();
      const states = client.awareness.getStates();
      for (const id of [...changes.added, ...changes.updated]) {
        const clock = client.awareness.meta.get(id)?.clock;
        if (clock !== undefined) this.clocks.set(id, Math.max(clock, this.clocks.get(id) ?? 0));
        const ts = states.get(id)?.ts;
        if (this.recording && typeof ts === 'number') this.awarenessSamples.push(now - ts);
      }
    });
  }

  /** Items in the board's root map now. */
  itemCount(): number {
    return this.client.doc.getMap(itemsMapName).size;
  }

  /** Sum of the highest `n` seen over the given writers (updates delivered to this probe). */
  delivered(keys: readonly string[]): number {
    let total = 0;
    for (const key of keys) total += this.seen.get(key) ?? 0;
    return total;
  }

  /** Sum of the highest awareness clock seen over the given client ids. */
  cursorsDelivered(ids: readonly number[]): number {
    let total = 0;
    for (const id of ids) total += this.clocks.get(id) ?? 0;
    return total;
  }
}

/** Why `clients` differ (state vectors first, then the items JSON), or undefined when they are identical. */
export function compareDocs(clients: readonly Pick<DocClient, 'Y' | 'doc'>[]): string | undefined {
  const [first, ...rest] = clients;
  if (first === undefined) return undefined;
  const vector = Buffer.from(first.Y.encodeStateVector(first.doc));
  const json = canonicalJson(first.doc.getMap(itemsMapName).toJSON());
  for (const [i, other] of rest.entries()) {
    if (!vector.equals(Buffer.from(other.Y.encodeStateVector(other.doc)))) return `state vector of client ${i + 1} differs from client 0`;
    if (canonicalJson(other.doc.getMap(itemsMapName).toJSON()) !== json) return `items of client ${i + 1} differ from client 0`;
  }
  return undefined;
}

/** JSON with object keys sorted, so replicas that integrated map entries in different orders compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
