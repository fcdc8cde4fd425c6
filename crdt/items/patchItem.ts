import * as Y from 'yjs';
import { z } from 'zod';
import { newId } from '../../storage/index.js';
import { ItemValidationError } from '../errors.js';
import type { ValidationIssue } from '../errors.js';
import { decodeData, replaceDataFields, requireItemEntry, touchItem } from './boardSchema.js';
import { alignConnectorsOf, connectorGeometryIssues } from './connectorGeometry.js';
import type { Actor, ItemView } from './boardSchema.js';
import { findItemTypeDefinition, sizeIssues } from './catalogue.js';
import { normalizeRotation, positionSchema, rotationSchema, sizeSchema } from './geometry.js';
import { commentTypeName, getItem, itemTypeOf } from './itemOperations.js';
import { referenceIssues } from './references.js';
import { editReplySchema, maxCommentReplies, removeReplySchema, replySchema } from './types/structureItems.js';
import type { CommentReply } from './types/structureItems.js';
import { assertPatchOpen, writeLock } from './itemLock.js';
import { checkWith } from './validation.js';

/**
 * A PATCH body. `data` is merged into the current data field by field (a `null` value
 * removes an optional field, as in JSON Merge Patch, RFC 7396) and the result must pass
 * the type's schema; `reply`, `editReply`, `removeReply` and `resolved` apply to comments only.
 */
export const itemPatchSchema = z
  .strictObject({
    position: positionSchema.optional(),
    size: sizeSchema.optional(),
    rotation: rotationSchema.optional(),
    data: z.record(z.string(), z.unknown()).optional(),
    reply: replySchema.optional(),
    editReply: editReplySchema.optional(),
    removeReply: removeReplySchema.optional(),
    resolved: z.boolean().optional(),
    locked: z.boolean().optional().describe('Locks (true) or unlocks (false) the item. A locked item refuses every other change but a comment\'s replies and resolving until it is unlocked; unlocking may come with other changes.'),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Give at least one field to change.' });

/** A parsed PATCH body. */
export type ItemPatch = z.output<typeof itemPatchSchema>;

/** The item's data with `patch` merged in: a `null` removes the field; server-managed list fields are left out. */
function mergeData(
  current: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
  serverFields: readonly string[],
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(current)) if (!serverFields.includes(key)) merged[key] = value;
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * Moves, resizes, rotates, replaces data of, locks or unlocks, or replies to an item in one
 * transaction whose origin is `actor`. Throws CrdtError `item_not_found`, ItemLockedError (a
 * locked item, see `itemLock.ts`) or ItemValidationError.
 */
export function patchItem(doc: Y.Doc, id: string, patch: unknown, actor: Actor, nowMs: number): ItemView {
  const entry = requireItemEntry(doc, id);
  const parsed = checkWith(itemPatchSchema, patch, '');
  if (!parsed.ok) throw new ItemValidationError(parsed.issues);
  const change = parsed.value;
  assertPatchOpen(entry, id, change);
  const type = itemTypeOf(doc, id) ?? 'unknown';
  const definition = findItemTypeDefinition(type);
  const issues: ValidationIssue[] = [];
  let data: Record<string, unknown> | undefined;
  const geometry = (['position', 'size', 'rotation'] as const).filter((field) => change[field] !== undefined);
  issues.push(...connectorGeometryIssues(type, geometry, ''));
  if (change.size !== undefined && definition !== undefined) issues.push(...sizeIssues(definition, change.size, ''));
  if (change.data !== undefined) {
    if (definition === undefined) {
      issues.push({ field: 'data', message: `Items of type '${type}' cannot be edited through the API.` });
    } else {
      const merged = mergeData(decodeData(entry), change.data, definition.listFields);
      const checked = checkWith(definition.schema, merged, 'data');
      if (checked.ok) {
        data = checked.value;
        issues.push(...referenceIssues(definition, data, '', (ref) => (ref === id ? 'connector' : itemTypeOf(doc, ref))));
      } else {
        issues.push(...checked.issues);
      }
    }
  }
  const replies = entry.get('data') instanceof Y.Map ? (entry.get('data') as Y.Map<unknown>).get('replies') : undefined;
  if (change.reply !== undefined) {
    if (type !== commentTypeName) issues.push({ field: 'reply', message: 'Only comments take replies.' });
    else if (replies instanceof Y.Array && replies.length >= maxCommentReplies) {
      issues.push({ field: 'reply', message: `A comment thread holds at most ${maxCommentReplies} replies.` });
    }
  }
  for (const field of ['editReply', 'removeReply'] as const) {
    const target = change[field];
    if (target === undefined) continue;
    if (type !== commentTypeName) issues.push({ field, message: 'Only comments have replies.' });
    else if (replyIndex(replies, target.id) < 0) issues.push({ field: `${field}.id`, message: `No reply ${target.id} on this comment.` });
  }
  if (change.editReply !== undefined && change.removeReply !== undefined) {
    issues.push({ field: 'removeReply', message: 'Edit a reply or remove one, not both in one request.' });
  }
  if (change.resolved !== undefined && type !== commentTypeName) {
    issues.push({ field: 'resolved', message: 'Only comments can be resolved.' });
  }
  if (issues.length > 0) throw new ItemValidationError(issues);

  doc.transact(() => {
    if (change.locked !== undefined) writeLock(entry, change.locked);
    if (change.position !== undefined) {
      entry.set('x', change.position.x);
      entry.set('y', change.position.y);
    }
    if (change.size !== undefined) {
      entry.set('width', change.size.width);
      entry.set('height', change.size.height);
    }
    if (change.rotation !== undefined) entry.set('rotation', normalizeRotation(change.rotation));
    const dataMap = ensureDataMap(entry);
    if (data !== undefined && definition !== undefined) replaceDataFields(definition, dataMap, data);
    if (change.reply !== undefined) {
      const reply: CommentReply = {
        id: newId('rpl'),
        text: change.reply.text,
        authorId: actor.actorId,
        createdAt: new Date(nowMs).toISOString(),
      };
      appendReply(dataMap, reply);
    }
    if (change.editReply !== undefined) editReply(dataMap, change.editReply.id, change.editReply.text, new Date(nowMs).toISOString());
    if (change.removeReply !== undefined) removeReply(dataMap, change.removeReply.id);
    if (change.resolved !== undefined) dataMap.set('resolved', change.resolved);
    touchItem(entry, actor, nowMs);
    // A moved item drags the connectors that end at it; a connector given new ends spans them.
    if (change.position !== undefined || change.size !== undefined || change.rotation !== undefined || data !== undefined) alignConnectorsOf(doc, [id]);
  }, actor);
  return getItem(doc, id);
}

function ensureDataMap(entry: Y.Map<unknown>): Y.Map<unknown> {
  const existing = entry.get('data');
  if (existing instanceof Y.Map) return existing as Y.Map<unknown>;
  const created = new Y.Map<unknown>();
  entry.set('data', created);
  return created;
}

function appendReply(data: Y.Map<unknown>, reply: CommentReply): void {
  let replies = data.get('replies');
  if (!(replies instanceof Y.Array)) {
    replies = new Y.Array<unknown>();
    data.set('replies', replies);
  }
  (replies as Y.Array<unknown>).push([reply]);
}

function replyIndex(replies: unknown, id: string): number {
  if (!(replies instanceof Y.Array)) return -1;
  return (replies.toArray() as unknown[]).findIndex((reply) => (reply as { id?: unknown } | null)?.id === id);
}

function editReply(data: Y.Map<unknown>, id: string, text: string, editedAt: string): void {
  const replies = data.get('replies');
  const index = replyIndex(replies, id);
  if (index < 0 || !(replies instanceof Y.Array)) return;
  const current = replies.get(index) as CommentReply;
  replies.delete(index, 1);
  replies.insert(index, [{ ...current, text, editedAt } satisfies CommentReply]);
}

function removeReply(data: Y.Map<unknown>, id: string): void {
  const replies = data.get('replies');
  const index = replyIndex(replies, id);
  if (index >= 0 && replies instanceof Y.Array) replies.delete(index, 1);
}
