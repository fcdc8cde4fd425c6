/** Resolves in a later event-loop turn, after the I/O waiting meanwhile: how a long read or write lets others run. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A blob read as a Uint8Array without copying it: the driver gives each blob a buffer of its own,
 * and a copy of each of a log's thousands of rows cost the event loop its time and the heap.
 */
export function bytesOf(blob: Buffer): Uint8Array {
  return new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength);
}
