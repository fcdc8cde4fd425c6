import type { DomainEvents } from '../events/DomainEvents.js';
import type { AccessChangeFeed } from './AccessChangeFeed.js';

/** Board record fields whose change changes who may read or write the board. */
const rightsFields: ReadonlySet<string> = new Set(['spaceId', 'locked']);

/**
 * Turns the domain events that change rights into access changes on `feed`: a person's
 * memberships (space, board, workspace: role changed or removed), a board moved, locked, trashed
 * (alone or with its space: one `board.deleted` per board) or deleted, an API key revoked, an
 * OAuth connection ended (revoked, disconnected, its app disabled or deleted), a public link
 * changed, a workspace's plan changed. Returns the function that stops it.
 */
export function recordAccessChanges(events: DomainEvents, feed: AccessChangeFeed): () => void {
  const offs = [
    events.onEach(['member.added', 'member.updated', 'member.removed'], (_type, event) => feed.record({ kind: 'user', subject: event.member.userId })),
    events.onEach(['workspace.member.added', 'workspace.member.updated', 'workspace.member.removed'], (_type, event) => feed.record({ kind: 'user', subject: event.userId })),
    events.on('workspace.plan.changed', (event) => feed.record({ kind: 'workspace', subject: event.workspaceId })),
    events.on('board.updated', (event) =>
      event.changes.some((field) => rightsFields.has(field)) ? feed.record({ kind: 'board', subject: event.boardId }) : undefined,
    ),
    events.on('board.deleted', (event) => feed.record({ kind: 'board', subject: event.boardId })),
    events.on('oauth.connection.ended', (event) => feed.record({ kind: 'credential', subject: event.connectionId })),
    events.on('api_key.revoked', (event) => feed.record({ kind: 'credential', subject: event.keyId })),
    events.on('public_link.updated', (event) => feed.record({ kind: 'link', subject: event.resourceId })),
  ];
  return () => {
    for (const off of offs) off();
  };
}
