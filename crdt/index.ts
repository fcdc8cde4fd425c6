export { CrdtError, ItemLockedError, ItemValidationError, crdtErrorCodes, formatFieldPath, issuesFromZod, rootField } from './errors.js';
export type { CrdtErrorCode, ValidationIssue } from './errors.js';
export { itemsMapName, maxItemsPerBoard } from './items/boardSchema.js';
export type { Actor, ItemView, NewItem } from './items/boardSchema.js';
export {
  assertConvertible,
  checkCreateItem,
  contentOfItem,
  createItemBodySchema,
  getItemType,
  listItemTypes,
  validateCreateItem,
} from './items/catalogue.js';
export type { ItemTypeInfo, ValidatedCreateItem } from './items/catalogue.js';
export type { CreateItemBody } from './items/ItemTypeDefinition.js';
export { boundsOf, geometryLimits, normalizeRotation } from './items/geometry.js';
export type { Occupancy } from './items/OccupancyGrid.js';
export { keyBetween, keysBetween, isFractionalIndex } from './items/fractionalIndex.js';
export { captureItems, commentTypeName, createItem, deleteItem, getItem, itemCount, itemTypeOf, listItemPage, listItems, viewsOf } from './items/itemOperations.js';
export { itemEntryId, itemStateDigest } from './items/itemIdentity.js';
export { BoardIndex, boardIndex } from './items/BoardIndex.js';
export type { ItemsTouchedListener } from './items/BoardIndex.js';
export type { CapturedItems, DeleteItemResult } from './items/itemOperations.js';
export { itemPatchSchema, patchItem } from './items/patchItem.js';
export type { ItemPatch } from './items/patchItem.js';
export { itemText, itemTextPageSchema, textOfItem } from './items/itemText.js';
export type { ItemTextOptions, ItemTextPage, NumberedLine } from './items/itemText.js';
export { batchOperationKinds, maxBatchOperations, validateBatch } from './items/batchValidation.js';
export type { BatchOperationKind, BatchPlan } from './items/batchValidation.js';
export { applyBatch, applyBatchPlan } from './items/batch.js';
export type { BatchOperationResult, BatchResult } from './items/batch.js';
export type { CommentReply } from './items/types/structureItems.js';
export { outline } from './views/outline.js';
export { structure } from './views/structure.js';
export type { BoardStructure, StructureConnection, StructureItem, StructureSection } from './views/structure.js';
export { searchableItem, searchableOf, searchableText } from './views/searchableText.js';
export type { SearchableItem } from './views/searchableText.js';
export { DocumentRegistry } from './documents/DocumentRegistry.js';
export { remoteOrigin } from './documents/ManagedDocument.js';
export type { DocumentReplication, ReplicationPorts } from './documents/DocumentReplication.js';
export type { DocumentLease } from './documents/DocumentLease.js';
export type { DocumentObserver } from './documents/DocumentObserver.js';
export type { DocumentRegistryOptions, DocumentRegistryStats, TransactOptions } from './documents/DocumentRegistry.js';
export type { RecordsWithUpdate } from './documents/updatePersisterOptions.js';
export { afterChange, holdsChange, storedChanges } from './documents/changeMarks.js';
export type { ChangeMark } from './documents/changeMarks.js';
export { hasWriteReceipt, withWriteReceipt, writeReceiptIds, writeReceiptTtlMs } from './documents/writeReceipts.js';
export { DocumentError, documentErrorCodes } from './documents/errors.js';
export type { DocumentErrorCode } from './documents/errors.js';
export { silentLogger } from './documents/Logger.js';
export type { Logger } from './documents/Logger.js';
export { RealtimeHub } from './sync/RealtimeHub.js';
export type { RealtimeHubOptions, RealtimeHubStats } from './sync/RealtimeHub.js';
export type { PresenceEntry } from './sync/RoomAwareness.js';
export type { SyncActor, SyncConnection, SyncConnectionInfo } from './sync/SyncConnection.js';
export type { SyncSocket } from './sync/SyncSocket.js';
export { syncCloseCodes } from './sync/closeCodes.js';
export type { SyncCloseCode } from './sync/closeCodes.js';
