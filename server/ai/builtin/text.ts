/** English words too common to tell passages apart. */
const stopWords = new Set(
  'a an and are as at be but by can did do does for from had has have how i if in into is it its me my no not of on or our so than that the their them then there these they this to up us was we were what when where which who why will with would you your'.split(
    ' ',
  ),
);

/** Lower-cases and strips a plural or verb ending, so `notes`/`note` and `planned`/`plan` match. */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The words of `text`: letters and digits in any script, lower-cased. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The search terms of `text`: words without stop words, stemmed. */
export function terms(text: string): string[] {
  return words(text)
    .filter((word) => !stopWords.has(word))
    .map(stem);
}

/** Splits text into sentences (and lines), trimmed, without empty ones. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(])/u))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const smallWords = new Set('a an and as at but by for in nor of on or per the to vs via'.split(' '));

/** Title Case: every word capitalised except short joining words that are not first or last. */
export function titleCase(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const parts = line.split(/(\s+)/);
      const wordIndexes = parts.map((p, i) => (/\S/.test(p) ? i : -1)).filter((i) => i >= 0);
      const first = wordIndexes[0];
      const last = wordIndexes.at(-1);
      return parts
        .map((part, i) => {
          if (!/\S/.test(part)) return part;
          const lower = part.toLowerCase();
          if (i !== first && i !== last && smallWords.has(lower)) return lower;
          // Words with inner capitals (iPhone, API) keep them.
          if (/\p{Lu}/u.test(part.slice(1))) return part.charAt(0).toUpperCase() + part.slice(1);
          return lower.charAt(0).toUpperCase() + lower.slice(1);
        })
        .join('');
    })
    .join('\n');
}

/** Roughly the tokens a language model would count: about four characters each. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** `text` cut to `max` characters at a word boundary, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
