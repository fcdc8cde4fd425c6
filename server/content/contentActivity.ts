import type { ActivityService } from '../boards/ActivityService.js';
import type { DomainEvents } from '../events/DomainEvents.js';

/**
 * Records the activity rows of board content writes from the domain events: one row per REST
 * item write and one per batch (`items.batched`; its per-item events add none). A duplicate's
 * copied items add none either: the copy's feed has its one `board.duplicated` row (from the
 * event of that name). An AI write's row comes from its `ai.applied` (its item events, of source
 * `batch`, add none). Live edits
 * (`source: 'live'`) leave no rows, as the feed records API writes. The rows are appended without
 * an fsync of their own: the content service's write awaits one `documents.sync()` after its
 * events, which covers its update, these rows and the webhook rows. Each row carries its event's
 * `changeKey`, so an event emitted again (a journal replayed after a crash) adds no second row.
 * Returns the unsubscriber.
 */
export function subscribeContentActivity(events: DomainEvents, activity: ActivityService): () => void {
  const offs = [
    // Item events of batches and live edits record nothing: their listeners return at once, with no promise to wait for.
    events.on('item.created', (event) => {
      if (event.source !== 'rest' || event.copiedFrom !== undefined) return undefined;
      return activity.append({ boardId: event.boardId, actorId: event.actor.userId, action: 'item.created', itemId: event.itemId, data: { type: event.item?.type ?? null }, changeKey: event.changeKey });
    }),
    events.on('item.updated', (event) => {
      if (event.source !== 'rest') return undefined;
      if (event.via === 'delete') {
        return activity.append({ boardId: event.boardId, actorId: event.actor.userId, action: 'comment.resolved', itemId: event.itemId, data: { deleted: 0 }, changeKey: event.changeKey });
      }
      const fields = event.fields ?? [];
      const action = fields.includes('reply') ? 'comment.replied' : fields.includes('resolved') ? 'comment.resolved' : 'item.updated';
      return activity.append({ boardId: event.boardId, actorId: event.actor.userId, action, itemId: event.itemId, data: { fields: fields.join(',') }, changeKey: event.changeKey });
    }),
    events.on('item.deleted', (event) => {
      if (event.source !== 'rest' || event.deletedBy !== undefined) return undefined;
      const deleted = 1 + (event.deletedWith?.length ?? 0);
      return activity.append({ boardId: event.boardId, actorId: event.actor.userId, action: 'item.deleted', itemId: event.itemId, data: { deleted }, changeKey: event.changeKey });
    }),
    events.on('board.duplicated', async (event) => {
      await activity.append({ boardId: event.boardId, actorId: event.actor.userId, action: 'board.duplicated', data: { sourceBoardId: event.sourceBoardId }, changeKey: event.changeKey });
    }),
    events.on('ai.applied', async (event) => {
      await activity.append({ boardId: event.boardId, actorId: event.actor.userId, action: event.action, itemId: event.itemId, data: { ...event.data }, changeKey: event.changeKey });
    }),
    events.on('items.batched', async (event) => {
      await activity.append({ boardId: event.boardId, actorId: event.actor.userId, action: 'items.batch', data: { operations: event.operations, ...event.counts }, changeKey: event.changeKey });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
