import type { StoredRecord, Update } from './Collection.js';

/** Applies an update to a copy of a record, as MongoDB would; used by adapters that update in memory. */
export function applyUpdate<T extends StoredRecord>(record: T, update: Update<T>): T {
  const next = { ...record } as Record<string, unknown>;
  for (const [key, value] of Object.entries(update.$set ?? {})) {
    if (key === 'id') continue;
    if (value !== undefined) next[key] = value;
  }
  for (const [key, by] of Object.entries(update.$inc ?? {})) {
    if (key === 'id' || by === undefined) continue;
    const current = next[key];
    next[key] = (typeof current === 'number' ? current : 0) + (by as number);
  }
  for (const key of update.$unset ?? []) if (key !== 'id') delete next[key];
  return next as T;
}
