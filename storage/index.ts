export type {
  Collection,
  CollectionSpec,
  InsertOptions,
  FieldCondition,
  FieldValue,
  Filter,
  FindOptions,
  IndexSpec,
  Sort,
  StoredRecord,
  Update,
} from './Collection.js';
export { sharedDurability } from './Collection.js';
export type { Database } from './Database.js';
export { batchedFind, findTogether } from './BatchedFind.js';
export type { BatchedFind, BatchedResults } from './BatchedFind.js';
export { AssetStore, assetChunkBytes } from './AssetStore.js';
export type { AssetUsage, NewAsset } from './AssetStore.js';
export type { DocumentStore, LoggedUpdate, LogTail, RecordWithUpdates, StoredDocument } from './DocumentStore.js';
export type {
  BoardSearchHit,
  IndexedBoardEntries,
  ItemSearchHit,
  SearchIndex,
  SearchItemInput,
  SearchOptions,
  SearchPageSpec,
  SearchResults,
} from './SearchIndex.js';
export { maxQueryTerms, queryTerms, snippetChars } from './searchText.js';
export { ManualClock, systemClock } from './Clock.js';
export type { Clock } from './Clock.js';
export { BoardsError, DuplicateKeyError, StorageError, asError, compactionFenced, storageErrorCodes } from './errors.js';
export type { StorageErrorCode } from './errors.js';
export { newId } from './ids.js';
export { openDatabase } from './openDatabase.js';
export type { DatabaseOptions } from './openDatabase.js';
export type { FsyncFile, StorageObserver } from './StorageObserver.js';
export { SqliteDatabase } from './sqlite/SqliteDatabase.js';
export { DataDirLock } from './sqlite/DataDirLock.js';
export { BackupError } from './sqlite/BackupError.js';
export { backupStore } from './sqlite/backupStore.js';
export type { BackupStoreOptions, BackupSummary } from './sqlite/backupStore.js';
export { restoreStore } from './sqlite/restoreStore.js';
export type { RestoreStoreOptions, RestoreSummary } from './sqlite/restoreStore.js';
export type { BackupProgress } from './sqlite/backupFile.js';
export type { MongoDatabaseOptions } from './mongo/MongoDatabase.js';
export type { MongoCollectionPort, MongoCursorPort, MongoDbPort, MongoDocument } from './mongo/driverPort.js';
export type { PostgresDatabaseOptions } from './postgres/PostgresDatabase.js';
export { TimeOrderedIds } from './TimeOrderedIds.js';
export type { BoardMessage, BoardMessageKind, BusSubscription, UpdateBus } from './cluster/UpdateBus.js';
export { LocalUpdateBus } from './cluster/LocalUpdateBus.js';
export { LocalBusNetwork } from './cluster/LocalBusNetwork.js';
export type { Lease, LeaseService } from './cluster/LeaseService.js';
export { LocalLeaseService } from './cluster/LocalLeaseService.js';
export { localRateLimiters } from './cluster/RateLimiterFactory.js';
export type { RateLimiterFactory, RateLimiterSpec } from './cluster/RateLimiterFactory.js';
export { localCluster } from './cluster/ClusterPorts.js';
export type { ClusterPorts } from './cluster/ClusterPorts.js';
export { withLease } from './cluster/withLease.js';
export type { RedisClusterOptions } from './redis/openRedisCluster.js';
export { openRedisCluster } from './redis/openRedisCluster.js';
