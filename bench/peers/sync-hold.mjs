// Preload (`node --import`) for our server: measures how long each live update is held in the
// server, from the call that takes its message off the socket (`SyncConnection.receive`) to the
// first socket write of the relay that carries it (`SyncConnection.sendMany`, called by `fanOut`
// inside `LiveUpdates.flush`). It leaves out the time before the event loop reads the message (in
// the kernel, or while the loop runs something else or waits for its core) and after the write
// (in the kernel and the client): an end-to-end latency well above it was spent there.
//
// Every second it prints `BENCH {"hold":[[receivedAtMs, heldMs], ...]}` for the updates relayed
// in that second (host clock: `performance.timeOrigin + performance.now()`), and
// `"unrelayed":n` for updates whose flush wrote nothing (a relay deferred behind storage, or no
// one else on the board). Only the main thread is patched: worker threads load preloads too.
// The classes are those the server runs (`ourClasses.mjs`).
import { isMainThread } from 'node:worker_threads';
import { ourClasses } from './ourClasses.mjs';

if (isMainThread && process.env.BENCH_REQUIRE_FROM) {
  const now = () => performance.timeOrigin + performance.now();
  /** When the message being handled was taken off its socket (undefined outside `receive`). */
  let receivedAt;
  /** Receive times of the live updates each board's `LiveUpdates` took since its last flush. */
  const taken = new WeakMap();
  /** Receive times of the updates of the flush in progress, until its first write. */
  let relaying = [];
  let held = [];
  let unrelayed = 0;

  const patchConnection = (SyncConnection) => {
    const receive = SyncConnection.prototype.receive;
    SyncConnection.prototype.receive = function (data) {
      receivedAt = now();
      try {
        return receive.call(this, data);
      } finally {
        receivedAt = undefined;
      }
    };
    const sendMany = SyncConnection.prototype.sendMany;
    SyncConnection.prototype.sendMany = function (messages) {
      if (relaying.length > 0) {
        const at = now();
        for (const t of relaying) held.push([Math.round(t * 1000) / 1000, Math.round((at - t) * 1000) / 1000]);
        relaying = [];
      }
      return sendMany.call(this, messages);
    };
  };
  const patchLiveUpdates = (LiveUpdates) => {
    const take = LiveUpdates.prototype.receive;
    LiveUpdates.prototype.receive = function (message, update, origin) {
      const result = take.call(this, message, update, origin);
      const list = taken.get(this) ?? [];
      list.push(receivedAt ?? now());
      taken.set(this, list);
      return result;
    };
    const flush = LiveUpdates.prototype.flush;
    LiveUpdates.prototype.flush = function (alongside) {
      relaying = taken.get(this) ?? [];
      taken.delete(this);
      try {
        return flush.call(this, alongside);
      } finally {
        unrelayed += relaying.length;
        relaying = [];
      }
    };
  };
  await ourClasses({ SyncConnection: 'crdt/sync/SyncConnection.js', LiveUpdates: 'crdt/sync/LiveUpdates.js' }, (name, cls) =>
    (name === 'SyncConnection' ? patchConnection : patchLiveUpdates)(cls),
  );
  setInterval(() => {
    if (held.length === 0 && unrelayed === 0) return;
    console.error(`BENCH ${JSON.stringify({ hold: held, unrelayed, at: now() })}`);
    held = [];
    unrelayed = 0;
  }, 1000).unref();
}
