import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as authProtocol from 'y-protocols/auth';

/** y-websocket message types (the first varUint of every message). */
export const messageTypes = { sync: 0, awareness: 1, auth: 2, queryAwareness: 3 } as const;
/** y-protocols sync sub-types (the second varUint of a sync message). */
export const syncMessageTypes = { step1: 0, step2: 1, update: 2 } as const;

/** `[sync][step1][state vector]`: asks the peer for what we lack. */
export function encodeSyncStep1(stateVector: Uint8Array): Uint8Array {
  return encodeSync(syncMessageTypes.step1, stateVector);
}

/** `[sync][step2][update]`: the answer to a step 1. */
export function encodeSyncStep2(update: Uint8Array): Uint8Array {
  return encodeSync(syncMessageTypes.step2, update);
}

/** `[sync][update][update]`: a live document update. */
export function encodeSyncUpdate(update: Uint8Array): Uint8Array {
  return encodeSync(syncMessageTypes.update, update);
}

/** `[awareness][awareness update]`. */
export function encodeAwarenessMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageTypes.awareness);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** `[auth][permission denied][reason]`: the stock client logs it as a warning. */
export function encodePermissionDenied(reason: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageTypes.auth);
  authProtocol.writePermissionDenied(encoder, reason);
  return encoding.toUint8Array(encoder);
}

/** True for an update that carries nothing: no structs and an empty delete set (Yjs v1 `[0, 0]`). */
export function isEmptyUpdate(update: Uint8Array): boolean {
  return update.byteLength === 2 && update[0] === 0 && update[1] === 0;
}

/** One entry of an awareness update. */
export interface AwarenessEntry {
  clientId: number;
  clock: number;
  state: string;
}

/** Decodes an awareness update into its entries (state kept as its JSON text). */
export function decodeAwarenessUpdate(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const entries: AwarenessEntry[] = [];
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const state = decoding.readVarString(decoder);
    entries.push({ clientId, clock, state });
  }
  return entries;
}

/** Encodes awareness entries back into an awareness update. */
export function encodeAwarenessEntries(entries: readonly AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(encoder, entry.clientId);
    encoding.writeVarUint(encoder, entry.clock);
    encoding.writeVarString(encoder, entry.state);
  }
  return encoding.toUint8Array(encoder);
}

function encodeSync(type: number, payload: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageTypes.sync);
  encoding.writeVarUint(encoder, type);
  encoding.writeVarUint8Array(encoder, payload);
  return encoding.toUint8Array(encoder);
}
