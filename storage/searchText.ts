/** Word splitting and snippets shared by the search adapters, so both stores see the same words. */

/** Most distinct words of a query that count; the rest are ignored. */
export const maxQueryTerms = 16;

/** Longest snippet, in characters (without the ellipses). */
export const snippetChars = 160;

const marks = /\p{M}+/gu;
const separators = /[^\p{L}\p{N}]+/u;
const words = /[\p{L}\p{N}\p{M}]+/gu;

/** A word folded for matching: decomposed, diacritics dropped, lower case. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(marks, '').toLowerCase();
}

/** The folded words of a text, in order (letters and digits; anything else separates). */
export function searchWords(text: string): string[] {
  return foldWord(text)
    .split(separators)
    .filter((w) => w !== '');
}

/** The distinct folded words of a query that count (at most `maxQueryTerms`); empty when it has none. */
export function queryTerms(query: string): string[] {
  return [...new Set(searchWords(query))].slice(0, maxQueryTerms);
}

/**
 * Up to `snippetChars` characters of `text` (whitespace collapsed) starting a little before the
 * first word that matches a term, with `…` where text was cut; the start of the text when no
 * word matches.
 */
export function snippetOf(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= snippetChars) return flat;
  const wanted = new Set(terms);
  let at = 0;
  for (const match of flat.matchAll(words)) {
    if (wanted.has(foldWord(match[0]))) {
      at = match.index;
      break;
    }
  }
  let start = Math.max(0, Math.min(at - 40, flat.length - snippetChars));
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < at) start = space + 1;
  }
  const end = Math.min(flat.length, start + snippetChars);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}
