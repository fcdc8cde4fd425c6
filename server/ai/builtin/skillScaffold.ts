import type { PromptEntry, PromptGroup, PromptOutline } from './promptStructure.js';
import { clip } from './text.js';

/** Most headings a skill's scaffold may name; more are ignored. */
const maxScaffoldHeadings = 20;

const scaffoldLine = /^\s*(?:sections|columns|headings|branches|stages)\s*:\s*(.+)$/im;

/**
 * The headings a skill's instructions name for the builtin engine: one line
 * `Sections: a; b; c` (also `Columns:`, `Headings:`, `Branches:` or `Stages:`, parts split at
 * `;` or `|`). A language model reads the same line as part of its instructions. Null when the
 * instructions name none.
 */
export function scaffoldHeadings(instructions: string): string[] | null {
  const line = scaffoldLine.exec(instructions)?.[1];
  if (line === undefined) return null;
  const headings = [...new Set(line.split(/[;|]/).map((part) => clip(part.trim(), 100)).filter(Boolean))].slice(0, maxScaffoldHeadings);
  return headings.length > 0 ? headings : null;
}

/** Lower case, letters and digits only, a plural `s` dropped: "Risks" and "risk" compare equal. */
function key(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '').replace(/s$/, '');
}

/** The heading a label names ("Risk" names "Risks"), or null. */
function matchHeading(label: string, headings: readonly string[]): string | null {
  const wanted = key(label);
  if (wanted.length === 0) return null;
  return headings.find((heading) => key(heading) === wanted) ?? null;
}

/**
 * Fits a prompt's outline to a skill's headings. Every heading becomes a group, in the skill's
 * order. The prompt's own groups whose heading names one of them fill it; an entry written as
 * `Heading: text` goes under that heading; anything else goes under the first heading, and the
 * prompt's other headed groups follow the skill's. A prompt of one short line with no list is
 * the topic (the title), not an entry.
 */
export function applyScaffold(outline: PromptOutline, headings: readonly string[]): PromptOutline {
  const groups = new Map<string, PromptEntry[]>(headings.map((heading) => [heading, []]));
  const extra: PromptGroup[] = [];
  const first = headings[0] ?? '';
  const route = (entry: PromptEntry, fallback: string): void => {
    const labelled = /^([^:]{1,60}):\s*(\S.*)$/s.exec(entry.text);
    const named = labelled?.[1] ? matchHeading(labelled[1], headings) : null;
    if (named !== null && labelled?.[2]) groups.get(named)?.push({ text: labelled[2].trim(), children: entry.children });
    else groups.get(fallback)?.push(entry);
  };
  let title = outline.title;
  const loose = outline.groups.filter((g) => g.heading === null).flatMap((g) => g.entries);
  if (title === null && outline.groups.length === 1 && loose.length === 1 && loose[0]?.children.length === 0 && !loose[0].text.includes(':')) {
    title = loose[0].text;
  } else {
    for (const entry of loose) route(entry, first);
  }
  for (const group of outline.groups) {
    if (group.heading === null) continue;
    const named = matchHeading(group.heading, headings);
    if (named !== null) for (const entry of group.entries) groups.get(named)?.push(entry);
    else if (group.entries.length > 0) extra.push(group);
    else route({ text: group.heading, children: [] }, first);
  }
  return { title, groups: [...headings.map((heading) => ({ heading, entries: groups.get(heading) ?? [] })), ...extra] };
}
