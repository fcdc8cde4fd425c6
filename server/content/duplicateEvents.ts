import type { ItemView } from '../../crdt/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { BoardEventBase } from '../events/eventTypes.js';
import { writeChangeKey } from './changeKeys.js';
import { itemEvent } from './itemEvent.js';
import type { PlannedEvent } from './WriteEventJournal.js';

/**
 * The events of a board duplicate, for `copy` (its record) and `items` (its items as copied):
 * `board.duplicated` (search indexes the copy from its items; one activity row), then one
 * `item.created` per item with `copiedFrom`. Each carries a `changeKey`: the duplicate's from the
 * journal row, an item's from the copy and the item (each copied item is created once in the
 * copy's life), so a replay of the row records nothing twice.
 */
export function duplicateEvents(base: BoardEventBase, copy: BoardRecord, sourceBoardId: string, items: readonly ItemView[], journalId: string): PlannedEvent[] {
  const events: PlannedEvent[] = [{ type: 'board.duplicated', payload: { ...base, board: copy, sourceBoardId, items, changeKey: writeChangeKey('board.duplicated', copy.id, journalId) } }];
  const copied = { ...base, copiedFrom: sourceBoardId };
  for (const item of items) events.push({ type: 'item.created', payload: itemEvent(copied, item.id, 'rest', item, `created/${copy.id}/${item.id}/copied`) });
  return events;
}
