/** What `fanOut` needs of a connection: whether it syncs yet, and one write of several messages. */
export interface FanOutTarget {
  readonly isStarted: boolean;
  sendMany(messages: readonly Uint8Array[]): void;
}

/**
 * A message of one turn's fan-out, and the connection it must skip (the one that sent it). Every
 * one is made with the same three fields, in this order: `fanOut` runs once per turn for every
 * socket of a board, and its optimised code is dropped and compiled again (tens of ms of the
 * compiler) the first time it meets an object of another shape.
 */
export interface Outgoing {
  message: Uint8Array;
  skip: unknown;
  /** A document update message (counted in `fanOut`'s result); false for awareness. */
  update: boolean;
}

/**
 * Sends `outgoing` to every started connection, each in one write, leaving out what a
 * connection sent itself: the same bytes go to every socket, encoded once. Every connection that
 * sent nothing of it is handed the same array, one after the other, before the senders get theirs
 * (each leaving out its own): the transport frames a batch once and writes that frame to each
 * socket for as long as it is handed the same array, so a sender in between would make it frame
 * the batch again for the sockets after it. Returns how many document update messages were
 * handed to sockets (one per message and connection).
 */
export function fanOut(connections: Iterable<FanOutTarget>, outgoing: readonly Outgoing[]): number {
  if (outgoing.length === 0) return 0;
  const all = outgoing.map((o) => o.message);
  let updates = 0;
  const senders = new Set<unknown>();
  for (const o of outgoing) {
    if (o.skip !== undefined) senders.add(o.skip);
    if (o.update) updates += 1;
  }
  let sent = 0;
  let skipped: FanOutTarget[] | undefined;
  for (const connection of connections) {
    if (!connection.isStarted) continue;
    if (senders.has(connection)) (skipped ??= []).push(connection);
    else {
      connection.sendMany(all);
      sent += updates;
    }
  }
  if (skipped === undefined) return sent;
  for (const connection of skipped) {
    const others = outgoing.filter((o) => o.skip !== connection);
    if (others.length === 0) continue;
    connection.sendMany(others.map((o) => o.message));
    for (const o of others) if (o.update) sent += 1;
  }
  return sent;
}
