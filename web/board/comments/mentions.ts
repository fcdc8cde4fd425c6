import { resolveMentions } from '../../../server/notifications/mentions.js';
import type { Person } from '../../../server/notifications/mentions.js';

/** Most people the completion list offers at once. */
export const maxSuggestions = 6;

/** An `@` being typed: where it starts in the text and what follows it up to the caret. */
export interface MentionQuery {
  readonly start: number;
  readonly query: string;
}

/** The mention being typed just before `caret` (an `@` not inside a word or an email address), or null. */
export function mentionQuery(text: string, caret: number): MentionQuery | null {
  const match = /(?:^|[^\p{L}\p{N}_.+@-])@([\p{L}\p{N}._-]{0,64})$/u.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Readers whose name or email starts with (or whose name contains) `query`, best first. */
export function suggestions<P extends Person>(query: string, readers: readonly P[]): P[] {
  const q = query.toLowerCase().replace(/[._-]+/g, ' ').trim();
  const score = (p: P) => {
    const name = p.name.toLowerCase();
    if (q === '' || name.startsWith(q) || p.email.toLowerCase().startsWith(q)) return 0;
    if (name.split(/\s+/).some((word) => word.startsWith(q))) return 1;
    return name.includes(q) ? 2 : 3;
  };
  return readers
    .map((p) => ({ p, s: score(p) }))
    .filter((x) => x.s < 3)
    .sort((a, b) => a.s - b.s || a.p.name.localeCompare(b.p.name))
    .slice(0, maxSuggestions)
    .map((x) => x.p);
}

/**
 * What to write after `@` so that the server's mention rules (server/notifications/mentions.ts)
 * pick exactly `person` among `readers`: the display name with dots for spaces, else the first
 * name, else the email's local part; null when none of them is unambiguous.
 */
export function mentionHandle(person: Person, readers: readonly Person[]): string | null {
  const dotted = person.name.trim().replace(/\s+/g, '.');
  const first = person.name.trim().split(/\s+/)[0] ?? '';
  const local = person.email.split('@')[0] ?? '';
  for (const handle of [dotted, first, local]) {
    if (handle === '') continue;
    const found = resolveMentions(`@${handle}`, readers);
    if (found.length === 1 && found[0]?.id === person.id) return handle;
  }
  return null;
}
