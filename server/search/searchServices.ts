import type { DocumentRegistry, Logger } from '../../crdt/index.js';
import type { Database } from '../../storage/index.js';
import type { AccessService } from '../access/AccessService.js';
import { SearchIndexer } from './SearchIndexer.js';
import { SearchService } from './SearchService.js';

/** Dependencies of `createSearchService`. */
export interface SearchServiceOptions {
  db: Database;
  access: AccessService;
  /** Where boards' documents are read; its `onDelete` also removes deleted boards from the index. */
  documents: Pick<DocumentRegistry, 'open' | 'onDelete'>;
  logger: Logger;
  /** Reindex delay after a change, in ms; default 500. */
  delayMs?: number;
}

/** Wires search: the query service over the store's index and the indexer that keeps it fresh. */
export function createSearchService(options: SearchServiceOptions): SearchService {
  const indexer = new SearchIndexer(options.db, {
    openDocument: (boardId) => options.documents.open(boardId),
    logger: options.logger,
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
  });
  const search = new SearchService(options.db, { access: options.access, indexer });
  options.documents.onDelete((boardId) => {
    search.boardRemoved(boardId).catch((error: unknown) => options.logger.error({ err: error, boardId }, 'could not remove a deleted board from search'));
  });
  return search;
}
