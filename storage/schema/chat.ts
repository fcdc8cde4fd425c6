import type { RecordEventMarks } from './writeEvents.js';
import type { CollectionSpec } from '../Collection.js';

/** One message of a board's team chat. */
export interface ChatMessageRecord extends RecordEventMarks {
  /** Time-ordered (`msg_<time><seq><random>`), so sorting by id is sorting by posting order. */
  id: string;
  boardId: string;
  /** The person who posted it. */
  authorId: string;
  /** Trimmed, 1 to 4000 characters. */
  text: string;
  createdAt: number;
}

/** Collections of the chat aggregate. */
export const chatCollections = {
  messages: { name: 'chat_messages', indexes: [{ fields: ['boardId', 'id'] }] },
} as const satisfies Record<string, CollectionSpec>;
