import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../crdt/index.js';
import { duplicateEvents } from '../../server/content/duplicateEvents.js';
import { itemEvent } from '../../server/content/itemEvent.js';
import { storedEvents, storedEventsInSlices } from '../../server/content/journalRows.js';
import type { PlannedEvent } from '../../server/content/WriteEventJournal.js';
import { boardRecord } from './boardRecord.js';

/**
 * A duplicate's events (one per copied item) and its journal row are built over several turns of
 * the event loop, so a 10k-item copy does not hold it: the same events and the same row as built
 * in one turn, and the loop turns meanwhile.
 */

const copy = boardRecord('brd_copy');
const base = { workspaceId: 'wsp_1', boardId: copy.id, actor: { userId: 'usr_a' }, at: 5 } as const;

function items(count: number): ItemView[] {
  return Array.from({ length: count }, (_, i) => ({ id: `itm_${i}`, type: 'sticky_note', position: { x: i, y: 0 }, data: { text: `note ${i}` } }) as unknown as ItemView);
}

/** Runs `work` and says whether a callback queued with setImmediate ran before it resolved (a turn of the loop in between). */
async function turnsTheLoop(work: () => Promise<unknown>): Promise<boolean> {
  let turned = false;
  const immediate = setImmediate(() => {
    turned = true;
  });
  await work();
  const result = turned;
  clearImmediate(immediate);
  return result;
}

describe("a duplicate's events and row, built in slices", () => {
  it('are the events of one pass, and the loop turns while they are built', async () => {
    const copied = items(2_000);
    const inOneTurn = await duplicateEvents(base, copy, 'brd_source', copied, 'wev_1', 60_000);
    expect(inOneTurn).toHaveLength(2_001);
    expect(inOneTurn[0]?.type).toBe('board.duplicated');
    expect(inOneTurn[1]).toEqual({ type: 'item.created', payload: itemEvent({ ...base, copiedFrom: 'brd_source' }, 'itm_0', 'rest', copied[0] ?? null, 'created/brd_copy/itm_0/copied') });
    let sliced: PlannedEvent[] = [];
    expect(
      await turnsTheLoop(async () => {
        sliced = await duplicateEvents(base, copy, 'brd_source', copied, 'wev_1', 0);
      }),
    ).toBe(true);
    expect(sliced).toEqual(inOneTurn);
  });

  it('store the row storedEvents stores, and the loop turns while it is built', async () => {
    const planned = await duplicateEvents(base, copy, 'brd_source', items(2_000), 'wev_1', 60_000);
    // Other events among them break the run of item.created, as in any write.
    planned.splice(700, 0, { type: 'item.deleted', payload: itemEvent(base, 'itm_gone', 'rest', null, 'deleted/brd_copy/itm_gone/wev_1') });
    const row = { id: 'wev_1', boardId: copy.id };
    const whole = storedEvents(planned, row);
    expect(whole.events.map((event) => [event.type, event.items?.length])).toEqual([
      ['board.duplicated', undefined],
      ['item.created', 699],
      ['item.deleted', 1],
      ['item.created', 1_301],
    ]);
    let sliced: unknown;
    expect(
      await turnsTheLoop(async () => {
        sliced = await storedEventsInSlices(planned, row, 0);
      }),
    ).toBe(true);
    expect(sliced).toEqual(whole);
    // Built in one turn when the budget allows it.
    expect(await turnsTheLoop(() => storedEventsInSlices(planned, row, 60_000))).toBe(false);
  });
});
