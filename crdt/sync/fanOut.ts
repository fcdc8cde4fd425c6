import type { SyncConnection } from './SyncConnection.js';

/** A message of one turn's fan-out, and the connection it must skip (the one that sent it). */
export interface Outgoing {
  message: Uint8Array;
  skip: unknown;
}

/**
 * Sends `outgoing` to every started connection, each in one write, leaving out what a
 * connection sent itself: the same bytes go to every socket, encoded once.
 */
export function fanOut(connections: Iterable<SyncConnection>, outgoing: readonly Outgoing[]): void {
  if (outgoing.length === 0) return;
  const all = outgoing.map((o) => o.message);
  const senders = new Set<unknown>();
  for (const o of outgoing) if (o.skip !== undefined) senders.add(o.skip);
  for (const connection of connections) {
    if (!connection.isStarted) continue;
    if (!senders.has(connection)) {
      connection.sendMany(all);
      continue;
    }
    const others = outgoing.filter((o) => o.skip !== connection).map((o) => o.message);
    if (others.length > 0) connection.sendMany(others);
  }
}
