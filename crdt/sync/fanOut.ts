import type { SyncConnection } from './SyncConnection.js';

/** A message of one turn's fan-out, and the connection it must skip (the one that sent it). */
export interface Outgoing {
  message: Uint8Array;
  skip: unknown;
  /** A document update message (counted in `fanOut`'s result); awareness messages leave it out. */
  update?: true;
}

/**
 * Sends `outgoing` to every started connection, each in one write, leaving out what a
 * connection sent itself: the same bytes go to every socket, encoded once. Returns how many
 * document update messages were handed to sockets (one per message and connection).
 */
export function fanOut(connections: Iterable<SyncConnection>, outgoing: readonly Outgoing[]): number {
  if (outgoing.length === 0) return 0;
  const all = outgoing.map((o) => o.message);
  let updates = 0;
  const senders = new Set<unknown>();
  for (const o of outgoing) {
    if (o.skip !== undefined) senders.add(o.skip);
    if (o.update) updates += 1;
  }
  let sent = 0;
  for (const connection of connections) {
    if (!connection.isStarted) continue;
    if (!senders.has(connection)) {
      connection.sendMany(all);
      sent += updates;
      continue;
    }
    const others = outgoing.filter((o) => o.skip !== connection);
    if (others.length === 0) continue;
    connection.sendMany(others.map((o) => o.message));
    for (const o of others) if (o.update) sent += 1;
  }
  return sent;
}
