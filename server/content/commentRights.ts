import type * as Y from 'yjs';
import type { ItemView } from '../../crdt/index.js';
import { commentTypeName, getItem, itemTypeOf } from '../../crdt/index.js';
import type { BoardAction } from '../access/roles.js';
import { errors } from '../errors.js';

/**
 * Who may do what to comments (like Miro and Figma). Anyone who may comment on a board (commenter
 * and above) may add comment pins, reply to any thread, and resolve or reopen any thread
 * (`resolved`, or deleting the pin, which resolves it): the conversation belongs to everyone in it.
 * A comment's words belong to its author: only the author changes the text of a pin (`data.text`)
 * or of a reply (`editReply`), or removes a reply (`removeReply`), whatever their role. On a pin of
 * their own a commenter may also move it (`position`); moving, resizing or rotating someone else's
 * pin is board editing (editor and above). Live sync is stricter: a commenter's connection is
 * read-only, so comments from commenters go through REST.
 */

/** Fields of a pin's `data` anyone in the conversation may set. */
const conversationData = new Set(['resolved']);
/** Fields of a pin's `data` its author may also set. */
const authorData = new Set(['resolved', 'text']);

function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null ? Object.keys(value) : [];
}

function replyAuthor(pin: ItemView, id: unknown): string | undefined {
  const replies = Array.isArray(pin.data['replies']) ? (pin.data['replies'] as { id?: unknown; authorId?: unknown }[]) : [];
  const reply = replies.find((r) => r.id === id);
  return typeof reply?.authorId === 'string' ? reply.authorId : undefined;
}

/**
 * The board action a PATCH of `item` needs from `userId`: `comment` for what a commenter may do,
 * `edit` otherwise. Throws ServiceError `forbidden` (403) when the PATCH changes words of a comment
 * or reply the caller did not write, whatever their role. An unknown reply id is left to the
 * PATCH's own validation (422).
 */
export function patchAction(item: ItemView | undefined, patch: Readonly<Record<string, unknown>>, userId: string): BoardAction {
  if (item === undefined || item.type !== commentTypeName) return 'edit';
  const own = item.createdBy === userId;
  const data = patch['data'];
  if (!own && keysOf(data).includes('text')) throw errors.forbidden("Only a comment's author may change its text.");
  for (const field of ['editReply', 'removeReply'] as const) {
    const author = replyAuthor(item, (patch[field] as { id?: unknown } | undefined)?.id);
    if (patch[field] !== undefined && author !== undefined && author !== userId) throw errors.forbidden('Only the author of a reply may change or remove it.');
  }
  const commenterMay = Object.keys(patch).every((key) => {
    if (key === 'reply' || key === 'resolved' || key === 'editReply' || key === 'removeReply') return true;
    if (key === 'data') return keysOf(data).every((field) => (own ? authorData : conversationData).has(field));
    return key === 'position' && own;
  });
  return commenterMay ? 'comment' : 'edit';
}

/**
 * The board action a batch needs from `userId`: `comment` when every operation is one a commenter
 * may do (create a comment pin; move a pin of their own, made earlier in the batch or found on the
 * board; delete, which resolves, any pin), `edit` otherwise. `itemOf` reads an item on the board.
 */
export function batchAction(operations: unknown, userId: string, itemOf: (id: string) => ItemView | undefined): BoardAction {
  if (!Array.isArray(operations)) return 'edit';
  const ownRefs = new Set<string>();
  for (const operation of operations as unknown[]) {
    const op = (operation ?? {}) as { op?: unknown; type?: unknown; ref?: unknown; id?: unknown; locked?: unknown };
    // A pin created locked needs editor, as locking one does.
    if (op.op === 'create' && op.type === commentTypeName && op.locked !== true) {
      if (typeof op.ref === 'string') ownRefs.add(op.ref);
      continue;
    }
    const madeHere = typeof op.id === 'string' && ownRefs.has(op.id);
    const target = typeof op.id === 'string' && !madeHere ? itemOf(op.id) : undefined;
    const pin = target?.type === commentTypeName ? target : undefined;
    if (op.op === 'delete' && (madeHere || pin !== undefined)) continue;
    if (op.op === 'move' && (madeHere || pin?.createdBy === userId)) continue;
    return 'edit';
  }
  return 'comment';
}

/** The view of item `id` on the board, or undefined when there is none. */
export function findItem(doc: Y.Doc, id: string): ItemView | undefined {
  return itemTypeOf(doc, id) === undefined ? undefined : getItem(doc, id);
}
