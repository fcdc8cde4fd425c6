import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/** y-websocket message types and sync sub-types (y-protocols). */
export const wire = { sync: 0, awareness: 1, auth: 2, step1: 0, step2: 1, update: 2, hpAuthToken: 0 } as const;

/** Which wire dialect a server speaks. */
export type Dialect = 'y-websocket' | 'hocuspocus' | 'relay';

/** y-websocket sink handshake: `[0 sync][0 SyncStep1][varUint8Array [0] (empty state vector)]`. */
export function ywsSinkHandshake(): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, wire.sync);
  encoding.writeVarUint(encoder, wire.step1);
  encoding.writeVarUint8Array(encoder, new Uint8Array([0]));
  return encoding.toUint8Array(encoder);
}

/** Hocuspocus auth message: `[varString doc][2 Auth][0 Token][varString token]`. */
export function hpAuthMessage(documentName: string, token: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, wire.auth);
  encoding.writeVarUint(encoder, wire.hpAuthToken);
  encoding.writeVarString(encoder, token);
  return encoding.toUint8Array(encoder);
}

/** Hocuspocus sink SyncStep1: `[varString doc][0][0][varUint8Array [0]]`. */
export function hpSinkHandshake(documentName: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeUint8Array(encoder, ywsSinkHandshake());
  return encoding.toUint8Array(encoder);
}

/** The messages a sink sends after the socket opens, per dialect (the relay needs none). */
export function sinkHandshake(dialect: Dialect, documentName: string, token: string): Uint8Array[] {
  if (dialect === 'hocuspocus') return [hpAuthMessage(documentName, token), hpSinkHandshake(documentName)];
  if (dialect === 'y-websocket') return [ywsSinkHandshake()];
  return [];
}

/** A live document update message `[0][2][varUint8Array update]` (relay writers). */
export function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, wire.sync);
  encoding.writeVarUint(encoder, wire.update);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** A live document update as a client of `dialect` sends it: `[0][2][update]`, prefixed with the document name for Hocuspocus. */
export function docUpdateMessage(dialect: Dialect, documentName: string, update: Uint8Array): Uint8Array {
  if (dialect !== 'hocuspocus') return updateMessage(update);
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeUint8Array(encoder, updateMessage(update));
  return encoding.toUint8Array(encoder);
}

/** A one-client awareness update (`y-protocols/awareness` encoding) with a JSON state. */
export function awarenessUpdate(clientId: number, clock: number, state: unknown): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint(encoder, clientId);
  encoding.writeVarUint(encoder, clock);
  encoding.writeVarString(encoder, JSON.stringify(state));
  return encoding.toUint8Array(encoder);
}

/** An awareness message `[1][varUint8Array update]`, prefixed with the document name for Hocuspocus. */
export function awarenessMessage(dialect: Dialect, documentName: string, update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  if (dialect === 'hocuspocus') encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, wire.awareness);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** A relayed message as a relay probe reads it: a document update, an awareness update, or neither. */
export type RelayedMessage = { kind: 'update' | 'awareness'; payload: Uint8Array } | { kind: 'other' };

/** Decodes what the raw relay forwards (`[0][2][update]` or `[1][awareness]`). */
export function decodeRelayed(message: Uint8Array): RelayedMessage {
  const decoder = decoding.createDecoder(message);
  const type = decoding.readVarUint(decoder);
  if (type === wire.awareness) return { kind: 'awareness', payload: decoding.readVarUint8Array(decoder) };
  if (type === wire.sync && decoding.readVarUint(decoder) === wire.update) return { kind: 'update', payload: decoding.readVarUint8Array(decoder) };
  return { kind: 'other' };
}
