// Hocuspocus 4.7.0 with its SQLite extension (default debounce 2 s / maxDebounce 10 s), on
// 127.0.0.1:PORT, storing in HP_DB. Prints `BENCH {"port":n}` once listening and
// `BENCH {"storageReads":n}` after each document fetch. Reads JSON commands on stdin:
//   {"cmd":"batch","doc":"<name>","items":1000}  creates that many items (shaped as ours
//   stores a sticky note) in one openDirectConnection().transact() and prints `BENCH {"batchMs":t,"items":n}` (S7)
//   once the transaction is applied (before Hocuspocus's debounced store).
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { Server } from '@hocuspocus/server';
import { SQLite, selectQuery } from '@hocuspocus/extension-sqlite';
import * as Y from 'yjs';

let storageReads = 0;
const sqlite = new SQLite({
  database: process.env.HP_DB ?? ':memory:',
  fetch: async ({ documentName }) => {
    storageReads += 1;
    const row = sqlite.db?.prepare(selectQuery).get({ name: documentName });
    console.log(`BENCH ${JSON.stringify({ storageReads })}`);
    return row?.data ?? null;
  },
});
const server = new Server({ port: Number(process.env.PORT ?? 0), address: '127.0.0.1', quiet: true, extensions: [sqlite] });
await server.listen();
console.log(`BENCH ${JSON.stringify({ port: server.address.port })}`);

/** An id as long as ours (`itm_` and 20 hex digits). */
const itemId = (i) => `itm_${i.toString(16).padStart(20, '0')}`;
/** An actor id as long as a user id of ours. */
const actor = `usr_${'0'.repeat(20)}`;

async function batch(doc, count) {
  const started = performance.now();
  const connection = await server.hocuspocus.openDirectConnection(doc, {});
  // Items of the fields, types and sizes our server stores for a sticky note, so both send as
  // many bytes to each socket (a bare four-field item is about a quarter of the bytes).
  const now = Date.now();
  await connection.transact((document) => {
    const items = document.getMap('items');
    for (let i = 0; i < count; i++) {
      const item = new Y.Map();
      item.set('type', 'sticky_note');
      item.set('x', i * 10);
      item.set('y', 0);
      item.set('width', 200);
      item.set('height', 200);
      item.set('rotation', 0);
      item.set('z', `a${i.toString(36)}`);
      const data = new Y.Map();
      data.set('text', new Y.Text(`batch ${i}`));
      data.set('color', '#fff9b1');
      item.set('data', data);
      item.set('createdBy', actor);
      item.set('createdAt', now);
      item.set('updatedBy', actor);
      item.set('updatedAt', now);
      items.set(itemId(i), item);
    }
  });
  // Reported once applied and broadcast: under live load disconnect() waits for the debounced
  // store (up to maxDebounce), which is Hocuspocus's durability point, not the batch's latency.
  console.log(`BENCH ${JSON.stringify({ batchMs: performance.now() - started, items: count })}`);
  await connection.disconnect({ unloadImmediately: false });
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let command;
  try {
    command = JSON.parse(line);
  } catch {
    console.error(`hocuspocus.mjs: not JSON: ${line}`);
    return;
  }
  if (command.cmd === 'batch') {
    batch(String(command.doc), Number(command.items)).catch((error) => console.error('hocuspocus.mjs: batch failed', error));
  }
});
