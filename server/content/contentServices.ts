import type { Logger as PinoLogger } from 'pino';
import { DocumentRegistry, RealtimeHub } from '../../crdt/index.js';
import type { Logger } from '../../crdt/index.js';
import type { Clock, Database } from '../../storage/index.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { Config } from '../config.js';
import type { BoardDocuments } from '../boards/BoardDocuments.js';
import { storeBoardDocuments } from '../boards/BoardDocuments.js';
import type { BoardServices } from '../boards/boardServices.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import { BoardContentService } from './BoardContentService.js';
import { CommentNotifier } from './CommentNotifier.js';

/** The in-memory documents and live rooms of one process. */
export interface DocumentServices {
  readonly documents: DocumentRegistry;
  readonly hub: RealtimeHub;
  /** How the organisation layer creates and deletes documents: deletes unload and close sockets (4404). */
  readonly boardDocuments: BoardDocuments;
}

/** Creates the document registry and the realtime hub over the store's document log. */
export function createDocumentServices(db: Database, clock: Clock, logger: PinoLogger, limits: Config['sync']): DocumentServices {
  const log: Logger = {
    info: (context, message) => logger.info(context, message),
    warn: (context, message) => logger.warn(context, message),
    error: (context, message) => logger.error(context, message),
  };
  const documents = new DocumentRegistry(db.documents, { clock, logger: log, maxDocumentBytes: limits.maxDocumentBytes });
  const hub = new RealtimeHub(documents, {
    clock,
    logger: log,
    maxMessageBytes: limits.maxMessageBytes,
    maxConnectionsPerBoard: limits.maxConnectionsPerBoard,
    messagesPerSecond: limits.messagesPerSecond,
    // Half a second's worth: a fresh connection's burst is relayed to everyone on the board at once.
    messageBurst: Math.max(1, Math.ceil(limits.messagesPerSecond / 2)),
  });
  const stored = storeBoardDocuments(db.documents);
  return {
    documents,
    hub,
    boardDocuments: { create: stored.create, delete: (boardId) => documents.delete(boardId) },
  };
}

/** Minimum time between two `updatedAt` writes of one board caused by live edits. */
const touchIntervalMs = 5_000;

/** Wires the board content service; `onChanged` also fans out to listeners such as search. */
export function createContentService(options: {
  db: Database;
  clock: Clock;
  logger: PinoLogger;
  documents: DocumentRegistry;
  accounts: AccountService;
  notifications: NotificationService;
  boards: BoardServices;
  listeners: ((boardId: string) => void)[];
}): { content: BoardContentService; boardEdited: (boardId: string, userId: string) => void } {
  const lastTouch = new Map<string, number>();
  let content: BoardContentService | null = null;
  const boardEdited = (boardId: string, userId: string): void => {
    for (const listener of options.listeners) listener(boardId);
    const now = options.clock.now();
    if ((lastTouch.get(boardId) ?? 0) + touchIntervalMs > now) return;
    lastTouch.set(boardId, now);
    if (lastTouch.size > 10_000) lastTouch.clear();
    content?.touch(boardId, userId).catch((error: unknown) => options.logger.warn({ err: error, boardId }, 'could not touch board'));
  };
  content = new BoardContentService({
    db: options.db,
    documents: options.documents,
    access: options.boards.access,
    accounts: options.accounts,
    activity: options.boards.activity,
    boards: options.boards.boards,
    comments: new CommentNotifier(options.boards.boardMembers, options.notifications),
    clock: options.clock,
    onChanged: boardEdited,
  });
  return { content, boardEdited };
}
