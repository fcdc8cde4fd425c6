import * as Y from 'yjs';

/**
 * Whether `doc` already holds everything `update` carries: each of its structs (the document
 * knows the client's clock past it) and each deletion in its delete set (every struct in the
 * range is deleted in the document). The same answer as
 * `Y.snapshotContainsUpdate(Y.snapshot(doc), update)`, at the cost of the update instead of a
 * walk over every struct of the document (which `Y.snapshot` makes to build its delete set).
 * Throws the decoder's error for bytes that are not an update.
 */
export function docHoldsUpdate(doc: Y.Doc, update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  const store = doc.store;
  for (const struct of structs) {
    if (Y.getState(store, struct.id.client) < struct.id.clock + struct.length) return false;
  }
  for (const [client, deletes] of ds.clients) {
    const known = store.clients.get(client);
    for (const { clock, len } of deletes) {
      if (len === 0) continue;
      if (known === undefined || Y.getState(store, client) < clock + len) return false;
      for (let i = Y.findIndexSS(known, clock); i < known.length; i++) {
        const struct = known[i]!;
        if (struct.id.clock >= clock + len) break;
        if (!struct.deleted) return false;
      }
    }
  }
  return true;
}
