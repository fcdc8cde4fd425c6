import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Calls `fn` on each of `items`, `msPerTurn` milliseconds of them per event-loop turn: work over
 * a whole board (thousands of items) that must not hold the loop. A budget of time rather than of
 * items, because an item costs more on a busy machine (and a long text more than a short one).
 */
export async function eachInSlices<T>(items: Iterable<T>, fn: (item: T) => void, msPerTurn: number): Promise<void> {
  let sliceStart = performance.now();
  for (const item of items) {
    if (performance.now() - sliceStart > msPerTurn) {
      await nextTurn();
      sliceStart = performance.now();
    }
    fn(item);
  }
}
