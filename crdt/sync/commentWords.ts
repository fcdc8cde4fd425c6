import type { ItemRecord } from '../items/itemRecord.js';
import { commentTypeName } from '../items/itemOperations.js';

function dataOf(record: ItemRecord | undefined): Record<string, unknown> {
  const data = record?.['data'];
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

function repliesOf(record: ItemRecord | undefined): unknown[] {
  const replies = dataOf(record)['replies'];
  return Array.isArray(replies) ? replies : [];
}

/**
 * True when a live edit by `author` (undefined when unknown) changed the words of a comment that
 * REST keeps to their author: the pin's `text` when `author` did not write the pin, or its
 * `replies`, which only REST writes (`reply`, `editReply`, `removeReply`, each checked against the
 * reply's author). A new pin starts with no replies. `before` is the pin before the edit, undefined
 * when the edit created it.
 */
export function commentWordsChanged(before: ItemRecord | undefined, after: ItemRecord, author: string | undefined): boolean {
  if (after['type'] !== commentTypeName) return false;
  if (before === undefined) return repliesOf(after).length > 0;
  if (dataOf(after)['text'] !== dataOf(before)['text'] && (author === undefined || author !== before['createdBy'])) return true;
  return JSON.stringify(repliesOf(after)) !== JSON.stringify(repliesOf(before));
}
