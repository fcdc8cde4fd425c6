/** Who a client id of another process's room belongs to, as that process's connection knows it. */
export interface RemoteOwner {
  readonly clientId: number;
  readonly userId: string;
  readonly name?: string;
  readonly connectedAtMs: number;
}

/**
 * The payload of an awareness message on the bus: the owners of the client ids it speaks of (a
 * process relays the server-side identity of its connections, never what clients claim), then the
 * y-protocols awareness update. Layout: 4-byte big-endian length, that many bytes of JSON owners,
 * the update.
 */
export function encodeRemoteAwareness(owners: readonly RemoteOwner[], update: Uint8Array): Uint8Array {
  const header = new TextEncoder().encode(JSON.stringify(owners));
  const payload = new Uint8Array(4 + header.byteLength + update.byteLength);
  new DataView(payload.buffer).setUint32(0, header.byteLength);
  payload.set(header, 4);
  payload.set(update, 4 + header.byteLength);
  return payload;
}

/** Reads `encodeRemoteAwareness`'s payload; undefined when it is not one. */
export function decodeRemoteAwareness(payload: Uint8Array): { owners: RemoteOwner[]; update: Uint8Array } | undefined {
  if (payload.byteLength < 4) return undefined;
  const length = new DataView(payload.buffer, payload.byteOffset, payload.byteLength).getUint32(0);
  if (payload.byteLength < 4 + length) return undefined;
  try {
    const owners = JSON.parse(new TextDecoder().decode(payload.subarray(4, 4 + length))) as unknown;
    if (!Array.isArray(owners)) return undefined;
    const valid = owners.filter(
      (owner): owner is RemoteOwner =>
        typeof owner === 'object' &&
        owner !== null &&
        typeof (owner as RemoteOwner).clientId === 'number' &&
        typeof (owner as RemoteOwner).userId === 'string' &&
        typeof (owner as RemoteOwner).connectedAtMs === 'number',
    );
    return { owners: valid, update: payload.subarray(4 + length) };
  } catch {
    return undefined;
  }
}
