import * as Y from 'yjs';

/** A `Y.Doc` whose changes are taken as the updates they produced. */
export function recordingDoc(): { doc: Y.Doc; take: () => Uint8Array[] } {
  const doc = new Y.Doc();
  let pending: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => pending.push(update));
  return {
    doc,
    take: () => {
      const out = pending;
      pending = [];
      return out;
    },
  };
}
