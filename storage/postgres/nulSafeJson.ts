/**
 * PostgreSQL's jsonb (like its text) cannot hold the character U+0000, which a record's strings
 * may contain (the other stores keep it). Strings are stored with it escaped: U+0000 as U+E000
 * `0`, and U+E000 itself (a private-use character) as U+E000 U+E000, so every string comes back
 * exactly. Strings holding neither, which is nearly all, are stored as they are; filters encode
 * their strings the same way, so equality holds (a range over such strings orders the escape).
 */

const escape = '\uE000';
// eslint-disable-next-line no-control-regex -- U+0000 is the very character escaped here.
const needsEscape = /[\u0000\uE000]/g;
const escaped = /\uE000([0\uE000])/g;

/** A string as stored. */
export function encodeString(value: string): string {
  return value.replace(needsEscape, (c) => (c === '\u0000' ? `${escape}0` : `${escape}${escape}`));
}

function decodeString(value: string): string {
  return value.replace(escaped, (_, c: string) => (c === '0' ? '\u0000' : escape));
}

function mapStrings(value: unknown, map: (s: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}

/** A value as jsonb text to store: JSON, with its strings escaped when any needs it. */
export function toStoredJson(value: unknown): string {
  const text = JSON.stringify(value);
  // JSON.stringify writes U+0000 as the escape `\u0000`, and U+E000 as it is.
  return text.includes('\\u0000') || text.includes(escape) ? JSON.stringify(mapStrings(value, encodeString)) : text;
}

/** Parses stored jsonb text (the driver's parser for jsonb), unescaping strings when any is escaped. */
export function fromStoredJson(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  return text.includes(escape) ? mapStrings(value, decodeString) : value;
}
