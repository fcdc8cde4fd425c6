import { isUtf8 } from 'node:buffer';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

// The bits of a struct's info byte (Yjs update format v1).
const contentRefBits = 0b0001_1111;
const hasParentSubBit = 0b0010_0000;
const hasRightOriginBit = 0b0100_0000;
const hasOriginBit = 0b1000_0000;
/** The info byte of a Skip struct. */
const skipInfo = 10;

/** Content refs read here; the others (JSON, embed, format, sub-document) are left to `Y.decodeUpdate`. */
const contentRefs = { deleted: 1, binary: 3, string: 4, type: 7, any: 8 } as const;
/** Type refs of the shared types that carry nothing more in an update (array, map, text); XML types are left to `Y.decodeUpdate`. */
const plainTypeRefMax = 2;

/**
 * Throws when `update` is not a Yjs update (format v1) that `Y.decodeUpdate` can read, without
 * building what it reads. `Y.decodeUpdate` makes an object per struct, ID and value, and in the
 * server those objects reached the old generation: checking each live update that way was most
 * of what a server under steady edits left for the next full collection (a heap profile of
 * objects that outlived the young generation: 28 of 63 MB in 12 s with 500 boards edited twice a
 * second each; the old space then grew 2.5 to 3 MB a second, under 1 MB without it). Here the
 * bytes are walked as `Y.decodeUpdate` reads them (structs, then the delete set) and nothing is
 * kept; content that the walk does not read itself (JSON, embeds, formats, sub-documents, XML
 * types: none of them on a board) is checked by `Y.decodeUpdate` itself.
 */
export function assertUpdate(update: Uint8Array): void {
  const decoder = decoding.createDecoder(update);
  if (!walkStructs(decoder)) {
    Y.decodeUpdate(update);
    return;
  }
  walkDeleteSet(decoder);
}

/** Reads the structs; false at content left to `Y.decodeUpdate`. */
function walkStructs(decoder: decoding.Decoder): boolean {
  const clients = decoding.readVarUint(decoder);
  for (let i = 0; i < clients; i++) {
    const structs = decoding.readVarUint(decoder);
    decoding.readVarUint(decoder); // client
    decoding.readVarUint(decoder); // clock of the first struct
    for (let j = 0; j < structs; j++) {
      // Past the end this is undefined, read as a GC struct whose length then fails, as in Yjs.
      const info: number = decoding.readUint8(decoder);
      if (info === skipInfo || (info & contentRefBits) === 0) {
        decoding.readVarUint(decoder); // length of a Skip or GC struct
        continue;
      }
      // The order of `lazyStructReaderGenerator`: origin, right origin, parent, parent key, content.
      if ((info & hasOriginBit) !== 0) skipId(decoder);
      if ((info & hasRightOriginBit) !== 0) skipId(decoder);
      if ((info & (hasOriginBit | hasRightOriginBit)) === 0) {
        if (decoding.readVarUint(decoder) === 1) skipString(decoder);
        else skipId(decoder);
        if ((info & hasParentSubBit) !== 0) skipString(decoder);
      }
      if (!walkContent(decoder, info & contentRefBits)) return false;
    }
  }
  return true;
}

/** Reads an item's content; false for content left to `Y.decodeUpdate`. */
function walkContent(decoder: decoding.Decoder, ref: number): boolean {
  switch (ref) {
    case contentRefs.deleted:
      decoding.readVarUint(decoder);
      return true;
    case contentRefs.binary:
      skipBytes(decoder);
      return true;
    case contentRefs.string:
      skipString(decoder);
      return true;
    case contentRefs.type:
      return decoding.readVarUint(decoder) <= plainTypeRefMax;
    case contentRefs.any: {
      const values = decoding.readVarUint(decoder);
      for (let i = 0; i < values; i++) if (!walkAny(decoder)) return false;
      return true;
    }
    default:
      return false;
  }
}

/** Reads one value as `decoding.readAny` does; false for a tag it does not know (it throws). */
function walkAny(decoder: decoding.Decoder): boolean {
  const tag: number = decoding.readUint8(decoder);
  switch (tag) {
    case 127: // undefined
    case 126: // null
    case 121: // false
    case 120: // true
      return true;
    case 125:
      decoding.readVarInt(decoder);
      return true;
    case 124:
      skipFixed(decoder, 4); // float32
      return true;
    case 123:
    case 122:
      skipFixed(decoder, 8); // float64, bigint64
      return true;
    case 119:
      skipString(decoder);
      return true;
    case 116: // Uint8Array
      skipBytes(decoder);
      return true;
    case 118: {
      const entries = decoding.readVarUint(decoder);
      for (let i = 0; i < entries; i++) {
        skipString(decoder);
        if (!walkAny(decoder)) return false;
      }
      return true;
    }
    case 117: {
      const length = decoding.readVarUint(decoder);
      for (let i = 0; i < length; i++) if (!walkAny(decoder)) return false;
      return true;
    }
    default:
      return false;
  }
}

/** Reads the delete set: per client, its ranges. */
function walkDeleteSet(decoder: decoding.Decoder): void {
  const clients = decoding.readVarUint(decoder);
  for (let i = 0; i < clients; i++) {
    decoding.readVarUint(decoder); // client
    const ranges = decoding.readVarUint(decoder);
    for (let j = 0; j < ranges; j++) {
      decoding.readVarUint(decoder); // clock
      decoding.readVarUint(decoder); // length
    }
  }
}

function skipId(decoder: decoding.Decoder): void {
  decoding.readVarUint(decoder);
  decoding.readVarUint(decoder);
}

/** Skips a length-prefixed byte string. */
function skipBytes(decoder: decoding.Decoder): void {
  skipFixed(decoder, decoding.readVarUint(decoder));
}

/** Skips a length-prefixed string, which must be UTF-8: lib0 reads strings with a fatal `TextDecoder`. */
function skipString(decoder: decoding.Decoder): void {
  const length = decoding.readVarUint(decoder);
  const start = decoder.pos;
  skipFixed(decoder, length);
  const bytes = decoder.arr;
  // Most strings on a board (map keys, item ids) are ASCII: checked here without a view of them.
  for (let i = start; i < decoder.pos; i++) {
    if ((bytes[i] as number) >= 0x80) {
      if (!isUtf8(bytes.subarray(i, decoder.pos))) throw new TypeError('The encoded data was not valid for encoding utf-8');
      return;
    }
  }
}

function skipFixed(decoder: decoding.Decoder, length: number): void {
  if (decoder.pos + length > decoder.arr.length) throw new RangeError('Unexpected end of update');
  decoder.pos += length;
}
