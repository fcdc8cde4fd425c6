import type { BoardRecord } from '../../storage/schema/boards.js';
import type { DomainEventMap } from '../events/eventTypes.js';

/** The events a webhook can subscribe to, with what each means (served by `GET /webhooks/event-types`). */
export const webhookEventCatalogue = {
  'board.created': 'A board was created. `data` is the board.',
  'board.updated': 'A board was renamed, described, locked or unlocked, reordered or moved. `data` is the board and `changes` the fields.',
  'board.deleted': 'A board went to trash (`outcome: trashed`; `withSpaceId` when it went with its space, one event per board) or was deleted for good (`outcome: deleted`; `purged: true` when its time in trash ran out). `data` is the board.',
  'board.restored': 'A board came back from trash (`withSpaceId` when it came back with its space, one event per board). `data` is the board.',
  'item.created': 'An item was created through REST, a batch or a live edit (`source`), or copied by a board duplicate. `data` is the item.',
  'item.updated': 'An item changed; live edits are coalesced to one event per item per second or so. `data` is the item.',
  'item.deleted': 'An item was deleted. `data` is `{id}`.',
  'comment.created': 'A comment pin was added, or a reply to one (`kind`). `data` is the comment item.',
  'chat.message.created': 'A chat message was posted on a board. `data` is the message.',
  'member.added': 'A person was newly shared a board or a space. `data` is `{scope, resourceId, userId, role}`.',
  'member.removed': 'A person was removed from a board or a space. `data` is `{scope, resourceId, userId}`.',
  'member.updated': "A member's role on a board or a space changed. `data` is `{scope, resourceId, userId, role, previousRole}`.",
  'job.succeeded': 'A job finished. `data` is the job.',
  'job.failed': 'A job failed. `data` is the job.',
} as const;

/** A webhook event type name. */
export type WebhookEventType = keyof typeof webhookEventCatalogue;

/** Every webhook event type, in catalogue order. */
export const webhookEventTypes = Object.keys(webhookEventCatalogue) as WebhookEventType[];

/** True when `value` names a webhook event type. */
export function isWebhookEventType(value: string): value is WebhookEventType {
  return Object.hasOwn(webhookEventCatalogue, value);
}

/** The event-specific part of a delivery: the board it concerns (if any) and `data`. */
export interface WebhookEventBody {
  readonly boardId: string | null;
  /** The space of the board, when the event carries the board record (for `spaceIds` filters). */
  readonly spaceId?: string | null;
  readonly data: Readonly<Record<string, unknown>>;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A board record in the fields the REST board has that do not depend on who asks. */
export function boardData(board: BoardRecord): Record<string, unknown> {
  return {
    id: board.id,
    title: board.title,
    description: board.description,
    spaceId: board.spaceId,
    workspaceId: board.workspaceId,
    ownerId: board.ownerId,
    locked: board.locked,
    position: board.position,
    createdAt: iso(board.createdAt),
    updatedAt: iso(board.updatedAt),
    trashedAt: iso(board.trashedAt),
  };
}

/** Maps a domain event to the body a webhook delivers; `actor` and `source` ride along in `data`. */
export function webhookBody<K extends WebhookEventType>(type: K, event: DomainEventMap[K]): WebhookEventBody {
  const e = event as DomainEventMap[WebhookEventType];
  const actor = { userId: e.actor.userId };
  switch (type) {
    case 'board.created':
    case 'board.updated':
    case 'board.deleted':
    case 'board.restored': {
      const b = e as DomainEventMap['board.updated'] & { outcome?: string; purged?: boolean; withSpaceId?: string };
      return {
        boardId: b.boardId,
        spaceId: b.board.spaceId,
        data: { ...boardData(b.board), actor, ...(b.changes ? { changes: b.changes } : {}), ...(b.outcome ? { outcome: b.outcome } : {}), ...(b.purged ? { purged: true } : {}), ...(b.withSpaceId ? { withSpaceId: b.withSpaceId } : {}) },
      };
    }
    case 'item.created':
    case 'item.updated':
    case 'item.deleted': {
      const i = e as DomainEventMap['item.created'];
      return { boardId: i.boardId, data: { ...(i.item ?? { id: i.itemId }), actor, source: i.source } };
    }
    case 'comment.created': {
      const c = e as DomainEventMap['comment.created'];
      return { boardId: c.boardId, spaceId: c.board.spaceId, data: { ...c.item, actor, kind: c.kind } };
    }
    case 'chat.message.created': {
      const m = e as DomainEventMap['chat.message.created'];
      return { boardId: m.boardId, data: { id: m.message.id, boardId: m.message.boardId, author: m.message.author, text: m.message.text, createdAt: iso(m.message.createdAt) } };
    }
    case 'member.added':
    case 'member.removed':
    case 'member.updated': {
      const m = e as DomainEventMap['member.added'] & { previousRole?: string };
      return {
        boardId: m.boardId ?? null,
        data: { scope: m.scope, resourceId: m.resourceId, userId: m.member.userId, ...(m.member.role ? { role: m.member.role } : {}), ...(m.previousRole ? { previousRole: m.previousRole } : {}), actor },
      };
    }
    case 'job.succeeded':
    case 'job.failed': {
      const j = e as DomainEventMap['job.succeeded'];
      return { boardId: j.boardId ?? null, data: { ...j.job, actor } };
    }
  }
  return { boardId: null, data: {} };
}
