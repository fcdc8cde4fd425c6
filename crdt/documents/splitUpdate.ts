import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';

/** Snapshots above this many bytes are split into parts: stored so by compaction, or split at load when stored whole. */
export const splitLoadAboveBytes = 256 * 1024;

/** Structs per part of a split update: applying one takes a few milliseconds on a 10k-item board. */
export const structsPerPart = 2000;

type Struct = Y.Item | Y.GC | Y.Skip;
/** The delete set of a decoded update. */
type DeleteSet = ReturnType<typeof Y.decodeUpdate>['ds'];

/** The ids a struct needs in the document before it can be integrated: its neighbours and parent. */
function dependencies(struct: Struct): Y.ID[] {
  if (!(struct instanceof Y.Item)) return [];
  const ids: Y.ID[] = [];
  if (struct.origin !== null) ids.push(struct.origin);
  if (struct.rightOrigin !== null) ids.push(struct.rightOrigin);
  if (struct.parent instanceof Y.ID) ids.push(struct.parent);
  return ids;
}

/**
 * Orders the structs of a whole-state update so that each comes after everything it depends on:
 * every client's structs stay in clock order, and a client waits while its next struct needs
 * another client's struct not yet placed. Null when some struct needs one the update lacks (not a
 * whole state), so applying in parts would leave it pending.
 */
function causalOrder(structs: readonly Struct[]): Struct[] | null {
  const byClient = new Map<number, Struct[]>();
  for (const struct of structs) {
    const list = byClient.get(struct.id.client);
    if (list === undefined) byClient.set(struct.id.client, [struct]);
    else list.push(struct);
  }
  const next = new Map<number, number>();
  /** Per client, the clock up to which its structs are placed. */
  const placed = new Map<number, number>();
  for (const [client, list] of byClient) {
    if ((list[0] as Struct).id.clock !== 0) return null;
    next.set(client, 0);
    placed.set(client, 0);
  }
  /** Per client, the clients waiting for it to pass a clock. */
  const waiting = new Map<number, { client: number; clock: number }[]>();
  const ready = [...byClient.keys()];
  const order: Struct[] = [];
  while (ready.length > 0) {
    const client = ready.pop() as number;
    const list = byClient.get(client) as Struct[];
    let index = next.get(client) as number;
    let blocked: Y.ID | undefined;
    while (index < list.length && blocked === undefined) {
      const struct = list[index] as Struct;
      blocked = dependencies(struct).find((id) => id.client !== client && (placed.get(id.client) ?? -1) <= id.clock);
      if (blocked !== undefined) break;
      order.push(struct);
      placed.set(client, struct.id.clock + struct.length);
      index += 1;
    }
    next.set(client, index);
    if (blocked !== undefined) {
      if (!byClient.has(blocked.client)) return null;
      const waiters = waiting.get(blocked.client) ?? [];
      waiters.push({ client, clock: blocked.clock });
      waiting.set(blocked.client, waiters);
    }
    const waiters = waiting.get(client);
    if (waiters !== undefined) {
      const now = placed.get(client) as number;
      const stillWaiting = waiters.filter((waiter) => waiter.clock >= now);
      for (const waiter of waiters) if (waiter.clock < now) ready.push(waiter.client);
      if (stillWaiting.length > 0) waiting.set(client, stillWaiting);
      else waiting.delete(client);
    }
  }
  return order.length === structs.length ? order : null;
}

/** One update (format v1) of `structs`, each client's a run in clock order, with `deleteSet` or an empty one. */
function encodePart(structs: readonly Struct[], deleteSet: DeleteSet | null): Uint8Array {
  const encoder = new Y.UpdateEncoderV1();
  const runs = new Map<number, Struct[]>();
  for (const struct of structs) {
    const run = runs.get(struct.id.client);
    if (run === undefined) runs.set(struct.id.client, [struct]);
    else run.push(struct);
  }
  encoding.writeVarUint(encoder.restEncoder, runs.size);
  for (const [client, run] of [...runs].sort((a, b) => b[0] - a[0])) {
    encoding.writeVarUint(encoder.restEncoder, run.length);
    encoder.writeClient(client);
    encoding.writeVarUint(encoder.restEncoder, (run[0] as Struct).id.clock);
    for (const struct of run) struct.write(encoder, 0);
  }
  const deletes = deleteSet === null ? [] : [...deleteSet.clients].sort((a, b) => b[0] - a[0]);
  encoding.writeVarUint(encoder.restEncoder, deletes.length);
  for (const [client, items] of deletes) {
    encoder.resetDsCurVal();
    encoding.writeVarUint(encoder.restEncoder, client);
    encoding.writeVarUint(encoder.restEncoder, items.length);
    for (const item of items) {
      encoder.writeDsClock(item.clock);
      encoder.writeDsLen(item.len);
    }
  }
  return encoder.toUint8Array();
}

/** A whole-state update in parts, and the state it reaches: per client, the clock after its last struct. */
export interface SplitUpdate {
  parts: Uint8Array[];
  clocks: [client: number, clock: number][];
}

/**
 * Splits a whole-state update (`Y.encodeStateAsUpdate`, format v1) into parts that, applied in
 * order, give the same document: about `partSize` structs each, every struct after those it
 * depends on, the delete set in the last. A large board then loads a few milliseconds per
 * event-loop turn instead of in one long apply. Null when the update is not a whole state (it
 * has gaps, or needs structs it lacks): apply it whole.
 */
export function splitUpdate(update: Uint8Array, partSize = structsPerPart): SplitUpdate | null {
  const { structs, ds } = Y.decodeUpdate(update);
  if (structs.some((struct) => struct instanceof Y.Skip)) return null;
  const order = causalOrder(structs);
  if (order === null) return null;
  const parts: Uint8Array[] = [];
  for (let start = 0; start < order.length; start += partSize) parts.push(encodePart(order.slice(start, start + partSize), null));
  parts.push(encodePart([], ds));
  const clocks = new Map<number, number>();
  for (const struct of structs) clocks.set(struct.id.client, struct.id.clock + struct.length);
  return { parts, clocks: [...clocks] };
}
