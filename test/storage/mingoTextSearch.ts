/**
 * The mingo stand-in's imitation of a MongoDB text index and `$text` (mingo has neither). It
 * is a token match, NOT MongoDB's text search:
 *
 * - a collection may hold one text index (`{ field: 'text' }` keys), as in MongoDB; `$text`
 *   without one fails with code 27 ("text index required");
 * - `$text` must be a top-level filter key; `$search` is split into words the way
 *   storage/searchText.ts splits them (letters and digits, case and diacritics folded), and a
 *   document matches when any indexed field holds any of the words as a whole word (MongoDB's
 *   OR of terms, with language `none`: no stemming, no stop words);
 * - phrases (`"..."`), negations (`-word`), `$language`, `$caseSensitive` and
 *   `$diacriticSensitive` are refused rather than imitated;
 * - the score is the number of matching word occurrences divided by the field's word count,
 *   summed over fields: higher for denser matches, like MongoDB's, but not equal to it;
 * - `{ $meta: 'textScore' }` works in `sort` (highest first) and `projection`; any other
 *   projection is refused.
 */
import { find } from 'mingo';
import type { MongoDocument, MongoFindOptions } from '../../storage/mongo/driverPort.js';
import { searchWords } from '../../storage/searchText.js';

/** A text index of a stand-in collection: the fields it covers. */
export interface StandInTextIndex {
  name: string;
  fields: string[];
}

/** The `text` fields of an index's keys, or null for an ordinary index. */
export function textIndexFields(keys: Record<string, unknown>): string[] | null {
  const fields = Object.entries(keys)
    .filter(([, kind]) => kind === 'text')
    .map(([field]) => field);
  return fields.length > 0 ? fields : null;
}

const scoreField = '__standInTextScore';

function isMeta(value: unknown): value is { $meta: 'textScore' } {
  return typeof value === 'object' && value !== null && (value as { $meta?: unknown }).$meta === 'textScore';
}

function searchTerms(text: unknown): string[] {
  if (typeof text !== 'object' || text === null) throw new TypeError('mingo stand-in: $text needs an object');
  const { $search, ...rest } = text as { $search?: unknown };
  if (Object.keys(rest).length > 0) throw new TypeError(`mingo stand-in: $text options ${Object.keys(rest).join(', ')} are not imitated`);
  if (typeof $search !== 'string') throw new TypeError('mingo stand-in: $text.$search must be a string');
  if ($search.includes('"') || /(^|\s)-\S/.test($search)) {
    throw new TypeError('mingo stand-in: $text phrases and negations are not imitated');
  }
  return [...new Set(searchWords($search))];
}

function score(doc: MongoDocument, fields: readonly string[], terms: readonly string[]): number {
  let total = 0;
  for (const field of fields) {
    const value = doc[field];
    if (typeof value !== 'string') continue;
    const words = searchWords(value);
    const hits = words.filter((w) => terms.includes(w)).length;
    if (hits > 0) total += hits / words.length;
  }
  return total;
}

/** Runs a `find` with mingo, adding `$text`, `$meta` sort and projection, and `skip`. */
export function findWithText(
  docs: readonly MongoDocument[],
  filter: MongoDocument,
  options: MongoFindOptions,
  textIndex: StandInTextIndex | null,
): MongoDocument[] {
  const { $text, ...rest } = filter;
  for (const key of ['$or', '$and', '$nor']) {
    if (JSON.stringify(filter[key] ?? null).includes('"$text"')) throw new TypeError('mingo stand-in: $text must be top-level');
  }
  let candidates: MongoDocument[] = [...docs];
  if ($text !== undefined) {
    if (!textIndex) throw Object.assign(new Error('text index required for $text query'), { code: 27 });
    const terms = searchTerms($text);
    candidates = candidates
      .map((doc) => ({ ...doc, [scoreField]: score(doc, textIndex.fields, terms) }))
      .filter((doc) => (doc[scoreField] as number) > 0);
  }
  const sort: Record<string, 1 | -1> = {};
  for (const [field, direction] of Object.entries(options.sort ?? {})) {
    if (!isMeta(direction)) sort[field] = direction;
    else if ($text === undefined) throw new TypeError('mingo stand-in: textScore sort without $text');
    else sort[scoreField] = -1;
  }
  let cursor = find(candidates, rest);
  if (Object.keys(sort).length > 0) cursor = cursor.sort(sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit) cursor = cursor.limit(options.limit);
  const found = cursor.all() as MongoDocument[];
  return found.map((doc) => {
    const { [scoreField]: docScore, ...out } = doc;
    for (const [field, value] of Object.entries(options.projection ?? {})) {
      if (!isMeta(value) || $text === undefined) throw new TypeError('mingo stand-in: only textScore projections are imitated');
      out[field] = docScore;
    }
    return out;
  });
}
