import type * as Y from 'yjs';
import type { AwarenessChanges, DocClient } from './docClients.js';
import { hostNowMs } from './target.js';

/** Name of the root map of a board document (crdt/items/boardSchema.ts `itemsMapName`). */
export const itemsMapName = 'items';

/**
 * The stamp of a write: the writer's sequence number `n` and the host time `ts` it was sent at.
 * It is carried in the item's position, `x = n` and `y = ts mod 10^6` (ms, with its fraction),
 * so each write is a plain move of a valid sticky note: nothing a server that checks live edits
 * against its item catalogue refuses, and no text that a server with search would reindex. A
 * probe gets `ts` back from `y` and its own clock (exact for latencies under 1,000 s).
 */
export interface WriteStamp {
  n: number;
  ts: number;
}

/** The span `y` carries `ts` modulo, in ms. */
const stampModulusMs = 1_000_000;

/** The stamp `item` carries, read at host time `now`; undefined when `item` is not a writer's item. */
export function stampOf(Yjs: { Map: typeof Y.Map }, item: unknown, now: number = hostNowMs()): WriteStamp | undefined {
  if (!(item instanceof Yjs.Map)) return undefined;
  const n = (item as Y.Map<unknown>).get('x');
  const y = (item as Y.Map<unknown>).get('y');
  if (typeof n !== 'number' || typeof y !== 'number') return undefined;
  const age = (((now - y) % stampModulusMs) + stampModulusMs) % stampModulusMs;
  return { n, ts: now - age };
}

/**
 * A writer: a real provider and `Y.Doc`; its item is a complete sticky note, and each write is
 * one `doc.transact` moving it to its stamp (`x = n`, `y = ts mod 10^6`; see `WriteStamp`).
 */
export class Writer {
  /** Writes done so far (the last `n`). */
  n = 0;
  readonly key: string;
  readonly client: DocClient;
  #item: Y.Map<unknown> | undefined;

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
      data.set('text', this.key);
      data.set('color', '#fff9b1');
      doc.getMap(itemsMapName).set(this.key, item);
    });
    this.#item = item;
  }

  /** One update: moves the item to its stamp. */
  write(): void {
    const item = this.#item;
    if (item === undefined) throw new Error('Writer.write before init');
    this.n += 1;
    const n = this.n;
    this.client.doc.transact(() => {
      item.set('x', n);
      item.set('y', hostNowMs() % stampModulusMs);
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
        // A write moves its item (path [key]); the creation adds the item to the map (path []).
        if (event.path.length !== 1 || !(event as Y.YMapEvent<unknown>).keysChanged.has('x')) continue;
        const key = String(event.path[0]);
        const stamp = stampOf(client.Y, event.target, now);
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
