export { CrdtError, ItemValidationError, crdtErrorCodes } from './errors.js';
export type { CrdtErrorCode, ValidationIssue } from './errors.js';
export { itemsMapName, maxItemsPerBoard } from './items/boardSchema.js';
export type { Actor, ItemView } from './items/boardSchema.js';
export {
  createItemBodySchema,
  getItemType,
  listItemTypes,
  validateCreateItem,
} from './items/catalogue.js';
export type { ItemTypeInfo, ValidatedCreateItem } from './items/catalogue.js';
export type { CreateItemBody } from './items/ItemTypeDefinition.js';
export { geometryLimits, normalizeRotation } from './items/geometry.js';
export { keyBetween, keysBetween, isFractionalIndex } from './items/fractionalIndex.js';
export { createItem, deleteItem, getItem, listItems } from './items/itemOperations.js';
export type { DeleteItemResult } from './items/itemOperations.js';
export { itemPatchSchema, patchItem } from './items/patchItem.js';
export type { ItemPatch } from './items/patchItem.js';
export { itemText, itemTextPageSchema } from './items/itemText.js';
export type { ItemTextOptions, ItemTextPage, NumberedLine } from './items/itemText.js';
export { batchOperationKinds, maxBatchOperations, validateBatch } from './items/batchValidation.js';
export type { BatchOperationKind, BatchPlan } from './items/batchValidation.js';
export { applyBatch, applyBatchPlan } from './items/batch.js';
export type { BatchOperationResult, BatchResult } from './items/batch.js';
export type { CommentReply } from './items/types/structureItems.js';
export { outline } from './views/outline.js';
export { structure } from './views/structure.js';
export type { BoardStructure, StructureConnection, StructureItem, StructureSection } from './views/structure.js';
export { searchableText } from './views/searchableText.js';
export type { SearchableItem } from './views/searchableText.js';
