import { expect, test } from 'vitest';
import { JournalRemovals } from '../../server/content/JournalRemovals.js';

/** A delete that answers when told: the ids of each call, and the calls' settlings. */
function controlledDelete(): { calls: string[][]; finish: (i: number, error?: Error) => void; deleteIds: (ids: string[]) => Promise<void> } {
  const calls: string[][] = [];
  const settles: ((error?: Error) => void)[] = [];
  return {
    calls,
    finish: (i, error) => settles[i]?.(error),
    deleteIds: (ids) =>
      new Promise<void>((resolve, reject) => {
        calls.push([...ids]);
        settles.push((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}

test('rows removed while a delete runs go together in the next one, and each removal resolves with its own delete', async () => {
  const store = controlledDelete();
  const removals = new JournalRemovals(store.deleteIds);
  const first = removals.remove(['wev_1']);
  expect(store.calls).toEqual([['wev_1']]);
  const second = removals.remove(['wev_2']);
  const third = removals.remove(['wev_3', 'wev_4']);
  let secondDone = false;
  void second.then(() => (secondDone = true));
  // One delete in flight at a time: the others wait for it.
  expect(store.calls).toHaveLength(1);
  store.finish(0);
  await first;
  await expect.poll(() => store.calls).toEqual([['wev_1'], ['wev_2', 'wev_3', 'wev_4']]);
  expect(secondDone).toBe(false);
  store.finish(1);
  await Promise.all([second, third]);
  // Alone again: the next removal goes at once.
  const fourth = removals.remove(['wev_5']);
  expect(store.calls.at(-1)).toEqual(['wev_5']);
  store.finish(2);
  await fourth;
});

test('a failed delete rejects the removals it held, and the next ones are deleted', async () => {
  const store = controlledDelete();
  const removals = new JournalRemovals(store.deleteIds);
  const first = removals.remove(['wev_1']);
  const failed = removals.remove(['wev_2']);
  store.finish(0);
  await first;
  await expect.poll(() => store.calls.length).toBe(2);
  store.finish(1, new Error('connection lost'));
  await expect(failed).rejects.toThrow('connection lost');
  const after = removals.remove(['wev_3']);
  expect(store.calls.at(-1)).toEqual(['wev_3']);
  store.finish(2);
  await after;
});
