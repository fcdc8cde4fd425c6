import type { ItemView } from '../../crdt/index.js';

/** The asset ids the items reference: `data.assetId` of image items. */
export function assetIdsOf(items: readonly ItemView[]): Set<string> {
  const ids = new Set<string>();
  for (const item of items) {
    const assetId = item.data['assetId'];
    if (item.type === 'image' && typeof assetId === 'string') ids.add(assetId);
  }
  return ids;
}
