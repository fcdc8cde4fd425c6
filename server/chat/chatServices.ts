import type { DocumentRegistry, Logger } from '../../crdt/index.js';
import type { Clock, Database } from '../../storage/index.js';
import type { AccessService } from '../access/AccessService.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import { ChatService } from './ChatService.js';

/** Dependencies of `createChatService`. */
export interface ChatServiceFactoryOptions {
  db: Database;
  access: AccessService;
  accounts: AccountService;
  clock: Clock;
  /** Its `onDelete` (a board deleted for good) also deletes the board's chat. */
  documents: Pick<DocumentRegistry, 'onDelete'>;
  logger: Logger;
  records: RecordEventJournal;
}

/** Wires board chat; a board's messages go when its document is deleted for good. */
export function createChatService(options: ChatServiceFactoryOptions): ChatService {
  const chat = new ChatService(options.db, options);
  options.documents.onDelete((boardId) => {
    chat.deleteBoard(boardId).catch((error: unknown) => options.logger.error({ err: error, boardId }, 'could not delete the chat of a deleted board'));
  });
  return chat;
}
