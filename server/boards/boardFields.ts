import type { Clock } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import type { Principal } from '../auth/Principal.js';
import { errors } from '../errors.js';
import type { BoardEventBase } from '../events/eventTypes.js';

/** A board title, trimmed; throws 422 `title` when empty or over 200 characters. */
export function cleanTitle(title: string): string {
  const value = title.trim();
  if (value === '') throw errors.invalid('title', 'must not be empty');
  if (value.length > 200) throw errors.invalid('title', 'must be at most 200 characters');
  return value;
}

/** A board description, trimmed; throws 422 `description` when over 2000 characters. */
export function cleanDescription(description: string): string {
  const value = description.trim();
  if (value.length > 2000) throw errors.invalid('description', 'must be at most 2000 characters');
  return value;
}

/** What every board event carries: the board, who acted and when (read from `clock` at the call). */
export function boardEventBase(principal: Principal, board: BoardRecord, clock: Clock): BoardEventBase {
  return { workspaceId: board.workspaceId, boardId: board.id, actor: { userId: principal.user.id, name: principal.user.name }, at: clock.now() };
}
