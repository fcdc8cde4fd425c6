import type * as Y from 'yjs';
import { journaledItemChangeKey, writeChangeKey } from '../content/changeKeys.js';
import { currentItem, itemChangeEvents } from '../content/itemChangeEvents.js';
import type { ItemChanges } from '../content/itemChanges.js';
import type { PlannedEvent } from '../content/WriteEventJournal.js';
import type { BoardEventBase, DomainEventMap } from '../events/eventTypes.js';

/** The activity row of an AI write (`ai.applied`), as its operation describes it. */
export type AiActivity = Pick<DomainEventMap['ai.applied'], 'action' | 'itemId' | 'data'>;

/**
 * The events of an AI write, planned from the document as its transaction left it (see
 * `WriteEventJournal`): `board.changed`, the item events of `changes` (source `batch`, each keyed
 * as `journaledItemChangeKey` names it), then `ai.applied`, the write's activity row.
 */
export function aiWriteEvents(base: BoardEventBase, doc: Y.Doc, journalId: string, changes: Omit<ItemChanges, 'fields'>, activity: AiActivity): PlannedEvent[] {
  const key = (type: string): string => writeChangeKey(type, base.boardId, journalId);
  return [
    { type: 'board.changed', payload: { ...base, kind: 'content', source: 'batch', changeKey: key('board.changed') } },
    ...itemChangeEvents(base, 'batch', changes, new Map(), (id) => currentItem(doc, id), journaledItemChangeKey(doc, base.boardId, journalId)),
    { type: 'ai.applied', payload: { ...base, action: activity.action, itemId: activity.itemId, data: activity.data, changeKey: key('ai.applied') } },
  ];
}
