import type { ServerName } from './serverKit.js';

/** `items` starting at position `by` (mod length), wrapping around. */
export function rotated<T>(items: readonly T[], by: number): T[] {
  const start = items.length === 0 ? 0 : by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

/**
 * Runs `fn` once per repetition and server, the servers taking turns within each repetition in
 * an order rotated every time, so slow drift on a shared machine (a noisy neighbour, a warmer
 * page cache) lands on all of them alike instead of on whichever ran last. Returns each
 * server's results in repetition order, keyed in the order `servers` gives.
 */
export async function inTurns<T>(servers: readonly ServerName[], reps: number, fn: (name: ServerName, rep: number) => Promise<T>): Promise<Map<ServerName, T[]>> {
  const results = new Map<ServerName, T[]>(servers.map((name) => [name, []]));
  for (let rep = 0; rep < reps; rep++) {
    for (const name of rotated(servers, rep)) results.get(name)!.push(await fn(name, rep));
  }
  return results;
}
