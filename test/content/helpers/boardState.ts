import * as Y from 'yjs';
import { listItems } from '../../../crdt/index.js';
import type { ItemView } from '../../../crdt/index.js';

/** What two replicas must agree on: the CRDT state (state vector + delete set) and the decoded items. */
export interface ReplicaState {
  /** `Y.encodeStateVector`, hex: which updates the replica has integrated. */
  stateVector: string;
  /** Items as the API shows them (z-order, derived section ids), JSON round-tripped. */
  items: ItemView[];
  /** The raw `items` map as JSON, so fields the API view drops are compared too. */
  raw: unknown;
}

/** Reads a replica's comparable state. */
export function replicaState(doc: Y.Doc): ReplicaState {
  return {
    stateVector: Buffer.from(Y.encodeStateVector(doc)).toString('hex'),
    items: JSON.parse(JSON.stringify(listItems(doc))) as ItemView[],
    raw: doc.getMap('items').toJSON(),
  };
}

/**
 * True when `a` and `b` hold the same CRDT state: equal state vectors and delete sets
 * (`Y.equalSnapshots`), which implies equal content; pending (unintegrated) structs count
 * as a difference.
 */
export function sameCrdtState(a: Y.Doc, b: Y.Doc): boolean {
  const pending = (doc: Y.Doc): boolean => doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
  return !pending(a) && !pending(b) && Y.equalSnapshots(Y.snapshot(a), Y.snapshot(b));
}

/**
 * A fresh replica built from `Y.encodeStateAsUpdate(doc)`: what a new client would receive.
 * Comparing it too checks that the encoded state carries everything the live doc shows.
 */
export function reencoded(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}
