import type { Logger as PinoLogger } from 'pino';
import { DocumentRegistry, RealtimeHub } from '../../crdt/index.js';
import type { DocumentObserver, Logger } from '../../crdt/index.js';
import type { Clock, ClusterPorts, Database } from '../../storage/index.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { Config } from '../config.js';
import type { BoardDocuments } from '../boards/BoardDocuments.js';
import type { BoardServices } from '../boards/boardServices.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import { BoardContentService } from './BoardContentService.js';
import { subscribeContentActivity } from './contentActivity.js';
import { LiveEdits } from './LiveEdits.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';
import { RecentBoards } from './RecentBoards.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import { WriteEventJournal } from './WriteEventJournal.js';

/** The in-memory documents and live rooms of one process. */
export interface DocumentServices {
  readonly documents: DocumentRegistry;
  readonly hub: RealtimeHub;
  /** How the organisation layer creates and deletes documents: deletes unload and close sockets (4404). */
  readonly boardDocuments: BoardDocuments;
}

/**
 * Creates the document registry and the realtime hub over the store's document log. With
 * `compaction: false` (a command beside the server, which owns the documents) documents are only
 * read: never compacted, nor folded in a snapshot process. `observer` hears of appends and
 * compactions (metrics); `cluster` carries updates to and from the other processes sharing the store.
 */
export function createDocumentServices(db: Database, clock: Clock, logger: PinoLogger, limits: Config['sync'], options: { compaction: boolean; observer?: DocumentObserver; cluster?: ClusterPorts } = { compaction: true }): DocumentServices {
  const log: Logger = {
    info: (context, message) => logger.info(context, message),
    warn: (context, message) => logger.warn(context, message),
    error: (context, message) => logger.error(context, message),
  };
  // The idle sweep is background work: `startBackgroundWork` starts it, in the server only.
  // Alone, a process pays nothing for the bus: no subscriptions, no publishes.
  const shared = options.cluster?.shared === true ? options.cluster : undefined;
  const documents = new DocumentRegistry(db.documents, {
    clock,
    logger: log,
    maxDocumentBytes: limits.maxDocumentBytes,
    sweepAtOnce: false,
    ...(options.observer ? { observer: options.observer } : {}),
    ...(options.compaction ? {} : { compactAfterUpdates: Number.POSITIVE_INFINITY, compactMinLogBytes: Number.POSITIVE_INFINITY, snapshotWorkerUrl: null }),
    ...(shared ? { replication: { bus: shared.bus, leases: shared.leases } } : {}),
  });
  const hub = new RealtimeHub(documents, {
    clock,
    logger: log,
    maxMessageBytes: limits.maxMessageBytes,
    maxConnectionsPerBoard: limits.maxConnectionsPerBoard,
    messagesPerSecond: limits.messagesPerSecond,
    coalesceMs: limits.coalesceMs,
    // Half a second's worth: a fresh connection's burst is relayed to everyone on the board at once.
    messageBurst: Math.max(1, Math.ceil(limits.messagesPerSecond / 2)),
    ...(shared ? { bus: shared.bus } : {}),
  });
  return {
    documents,
    hub,
    boardDocuments: {
      create: (boardId, state) => documents.create(boardId, state),
      delete: (boardId) => documents.delete(boardId),
    },
  };
}

/** What `createContentService` wires. */
export interface ContentServices {
  readonly content: BoardContentService;
  /** Turns live edits into domain events; the sync gateway calls `liveEdits.edited`. */
  readonly liveEdits: LiveEdits;
  /** Where service writes to board documents (REST item writes, AI writes) journal their events. */
  readonly journal: WriteEventJournal;
}

/**
 * Wires the board content service and its subscribers on the event bus: activity rows of content
 * writes and recent boards (notifications subscribe in `server/notifications`).
 */
export function createContentService(options: {
  db: Database;
  clock: Clock;
  logger: PinoLogger;
  documents: DocumentRegistry;
  accounts: AccountService;
  boards: BoardServices;
  events: DomainEvents;
  /** With several processes, who owns live-edit journal rows (see `LiveEditsOptions.owner`). */
  owner?: ProcessOwner | undefined;
}): ContentServices {
  const { db, clock, logger, events } = options;
  subscribeContentActivity(events, options.boards.activity);
  new RecentBoards(db, clock, logger).subscribe(events);
  const journal = new WriteEventJournal({ db, documents: options.documents, events, clock, logger, owner: options.owner });
  const content = new BoardContentService({
    db,
    journal,
    documents: options.documents,
    access: options.boards.access,
    accounts: options.accounts,
    boards: options.boards.boards,
    clock,
    events,
  });
  return { content, journal, liveEdits: new LiveEdits({ db, documents: options.documents, events, clock, logger, owner: options.owner, writeEvents: bothJournals(options.boards.records, journal) }) };
}

/** Recovers the record-events journal, then the write-events journal (a copy's `board.created` before its content's events); resolves with the rows settled. */
function bothJournals(records: Pick<RecordEventJournal, 'recover'>, writes: Pick<WriteEventJournal, 'recover'>): Pick<WriteEventJournal, 'recover'> {
  return { recover: async () => (await records.recover()) + (await writes.recover()) };
}
