import type { UserRecord } from '../../storage/schema/accounts.js';

/** What mentions are resolved against: a person's id, display name and email (the web app's member list holds these too). */
export type Person = Pick<UserRecord, 'id' | 'name' | 'email'>;

/** Most mentions one text is read for; the rest are ignored. */
export const maxMentionsPerText = 20;

// `@` not preceded by a letter, digit or address character (so `ada@example.com` mentions no one),
// then a name of letters, digits, `.`, `_` and `-` that ends on a letter or digit.
const mentionPattern = /(?<![\p{L}\p{N}_.+@-])@([\p{L}\p{N}](?:[\p{L}\p{N}._-]*[\p{L}\p{N}])?)/gu;

/** The distinct names mentioned in a text (`@ada`, `@Ada.Lovelace`), lower-cased, in order of appearance. */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(mentionPattern)) {
    const name = match[1];
    if (name === undefined) continue;
    names.add(name.toLowerCase());
    if (names.size >= maxMentionsPerText) break;
  }
  return [...names];
}

/**
 * The people among `candidates` a text mentions. A name resolves, case-insensitively and in this
 * order, to the one candidate whose email address starts with it (`@ada` for ada@example.com),
 * whose display name it is without spaces (`@AdaLovelace`, `@ada.lovelace` for "Ada Lovelace",
 * dots and dashes standing for spaces), or whose first name it is (`@Ada`). A name that fits
 * several people at the first rule that fits anyone is ambiguous and ignored, as is an unknown one.
 */
export function resolveMentions<U extends Person>(text: string, candidates: readonly U[]): U[] {
  const found = new Map<string, U>();
  for (const name of mentionedNames(text)) {
    const person = resolveName(name, candidates);
    if (person) found.set(person.id, person);
  }
  return [...found.values()];
}

// Each rule says whether a candidate answers to the mentioned name; the first rule that
// fits anyone decides.
const rules: ((user: Person, name: string) => boolean)[] = [
  (user, name) => (user.email.split('@')[0] ?? '').toLowerCase() === name,
  (user, name) => compact(user.name) === compact(name),
  (user, name) => compact(user.name.trim().split(/\s+/)[0] ?? '') === compact(name),
];

function resolveName<U extends Person>(name: string, candidates: readonly U[]): U | null {
  for (const fits of rules) {
    const matches = candidates.filter((user) => fits(user, name));
    if (matches.length === 1) return matches[0] ?? null;
    if (matches.length > 1) return null;
  }
  return null;
}

function compact(value: string): string {
  return value.toLowerCase().replace(/[\s._-]+/g, '');
}
