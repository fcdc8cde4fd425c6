import { StorageError } from './errors.js';

/** A snapshot as stored: its parts end to end, and the part sizes when there is more than one. */
export interface PackedSnapshot {
  readonly data: Uint8Array;
  /** Byte length of each part, in order; null for a snapshot of one part (stored as it is). */
  readonly sizes: readonly number[] | null;
}

/** Packs a snapshot's parts into one value to store (see `StoredDocument.snapshot`). */
export function packSnapshot(parts: readonly Uint8Array[]): PackedSnapshot {
  if (parts.length === 0) throw new TypeError('A snapshot has at least one part.');
  if (parts.length === 1) return { data: parts[0] as Uint8Array, sizes: null };
  const sizes = parts.map((part) => part.byteLength);
  const data = new Uint8Array(sizes.reduce((sum, size) => sum + size, 0));
  let offset = 0;
  for (const part of parts) {
    data.set(part, offset);
    offset += part.byteLength;
  }
  return { data, sizes };
}

/**
 * The parts of a stored snapshot: `data` whole when `sizes` is null (a snapshot stored before
 * snapshots had parts has none). Throws StorageError `storage_damaged` when the sizes do not add
 * up to the data: a part cut in the wrong place would apply as garbage.
 */
export function unpackSnapshot(data: Uint8Array, sizes: unknown): Uint8Array[] {
  if (sizes === null) return [data];
  const total = isPartSizes(sizes) ? sizes.reduce((sum, size) => sum + size, 0) : -1;
  if (total !== data.byteLength) throw new StorageError('storage_damaged', `A stored snapshot's part sizes do not add up to its ${data.byteLength} bytes.`);
  const parts: Uint8Array[] = [];
  let offset = 0;
  for (const size of sizes as number[]) {
    parts.push(data.subarray(offset, offset + size));
    offset += size;
  }
  return parts;
}

/** Whether `sizes` (read back from a store) is a list of part sizes: at least one, each a positive integer. */
export function isPartSizes(sizes: unknown): sizes is number[] {
  return Array.isArray(sizes) && sizes.length > 0 && sizes.every((size) => Number.isSafeInteger(size) && (size as number) > 0);
}
