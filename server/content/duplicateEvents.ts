import type { ItemView } from '../../crdt/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { BoardEventBase } from '../events/eventTypes.js';
import { eachInSlices } from '../eventLoopSlices.js';
import { writeChangeKey } from './changeKeys.js';
import { itemEvent } from './itemEvent.js';
import type { PlannedEvent } from './WriteEventJournal.js';

/**
 * The events of a board duplicate, for `copy` (its record) and `items` (its items as copied):
 * `board.duplicated` (search indexes the copy from its items; one activity row), then one
 * `item.created` per item with `copiedFrom`. Each carries a `changeKey`: the duplicate's from the
 * journal row, an item's from the copy and the item (each copied item is created once in the
 * copy's life), so a replay of the row records nothing twice. Built `msPerTurn` milliseconds per
 * event-loop turn: a copy of 10k items has 10k events.
 */
export async function duplicateEvents(
  base: BoardEventBase,
  copy: BoardRecord,
  sourceBoardId: string,
  items: readonly ItemView[],
  journalId: string,
  msPerTurn: number,
): Promise<PlannedEvent[]> {
  const events: PlannedEvent[] = [{ type: 'board.duplicated', payload: { ...base, board: copy, sourceBoardId, items, changeKey: writeChangeKey('board.duplicated', copy.id, journalId) } }];
  const copied = { ...base, copiedFrom: sourceBoardId };
  await eachInSlices(items, (item) => void events.push({ type: 'item.created', payload: itemEvent(copied, item.id, 'rest', item, `created/${copy.id}/${item.id}/copied`) }), msPerTurn);
  return events;
}
