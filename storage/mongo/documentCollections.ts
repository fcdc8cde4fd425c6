import { majorityJournaled } from './driverPort.js';

/** Collection names of the document store. */
export const documentCollections = {
  updates: 'doc_updates',
  snapshots: 'doc_snapshots',
  meta: 'doc_meta',
} as const;

/** Every write of the document store: acknowledged by a majority, journaled. */
export const writeOptions = { writeConcern: majorityJournaled };
