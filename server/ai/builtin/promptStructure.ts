/** An entry of a prompt (a list item, a line, a part of an enumeration) with its sub-entries. */
export interface PromptEntry {
  readonly text: string;
  readonly children: string[];
}

/** A group of entries under an optional heading. */
export interface PromptGroup {
  readonly heading: string | null;
  readonly entries: PromptEntry[];
}

/** The structure the builtin generator reads out of a prompt. */
export interface PromptOutline {
  /** The first plain line above a list, a `# heading` alone at the top, or the text before `:`. */
  readonly title: string | null;
  readonly groups: PromptGroup[];
}

const listMarker = /^(\s*)(?:[-*•+–]|\d{1,3}[.)]|\(\d{1,3}\)|[a-z][.)]|step\s+\d{1,3}\s*[:.)-]?)\s+(.+)$/i;
const headingMarker = /^\s*#{1,6}\s+(.+)$/;

/** Trims an entry and drops trailing list punctuation. */
function clean(text: string): string {
  return text.trim().replace(/[\s;,.]+$/u, '').trim();
}

/** Splits "a, b and c" / "a; b; c" / "a, b, or c" into its parts; one part when it is not an enumeration. */
export function splitEnumeration(text: string): string[] {
  const body = clean(text);
  if (body.includes(';')) return body.split(/\s*;\s*/).map(clean).filter(Boolean);
  const commas = (body.match(/,/g) ?? []).length;
  const tail = /,?\s+(?:and|or|&)\s+(?=[^,]+$)/i;
  if (commas === 0 || (commas === 1 && !tail.test(body))) return [body];
  return body
    .replace(tail, ', ')
    .split(/\s*,\s*/)
    .map(clean)
    .filter(Boolean);
}

const leadIn = /^(.*?\b(?:with|for|about|including|like|such as|covering|into|between|of|are|is)\b)\s+(.+)$/i;

/** A one-line prompt: `Title: a, b and c`, an inline numbered list, sentences, or an enumeration after a lead-in. */
function parseOneLine(line: string): PromptOutline {
  const colon = line.indexOf(':');
  if (colon > 0 && colon < line.length - 1) {
    const title = clean(line.slice(0, colon));
    const rest = line.slice(colon + 1);
    const parts = /\b1[.)]\s/.test(rest) ? splitNumbered(rest) : splitEnumeration(rest);
    return { title, groups: [{ heading: null, entries: parts.map((text) => ({ text, children: [] })) }] };
  }
  if (/(^|\s)1[.)]\s/.test(line) && /\s2[.)]\s/.test(line)) {
    const [lead = '', ...rest] = line.split(/(?:^|\s)1[.)]\s+/);
    const parts = splitNumbered(`1. ${rest.join(' 1. ')}`);
    return { title: clean(lead) || null, groups: [{ heading: null, entries: parts.map((text) => ({ text, children: [] })) }] };
  }
  const parts = splitEnumeration(line);
  if (parts.length > 1) {
    const first = parts[0] ?? '';
    const lead = leadIn.exec(first);
    const title = lead?.[1] ? clean(lead[1]) : null;
    const entries = lead?.[2] ? [lead[2], ...parts.slice(1)] : parts;
    return { title, groups: [{ heading: null, entries: entries.map((text) => ({ text: clean(text), children: [] })) }] };
  }
  const sentenceList = line.split(/(?<=[.!?])\s+(?=\p{Lu})/u).map(clean).filter(Boolean);
  return { title: null, groups: [{ heading: null, entries: sentenceList.map((text) => ({ text, children: [] })) }] };
}

function splitNumbered(text: string): string[] {
  return text
    .split(/(?:^|\s)\d{1,3}[.)]\s+/)
    .map(clean)
    .filter(Boolean);
}

/**
 * Reads the structure of a prompt: `#` headings and lines ending in `:` start groups; list
 * items (`-`, `*`, `1.`, `Step 1:`) and plain lines are entries, indented list items are
 * sub-entries; a one-line prompt is split at `:`, inline numbering, enumerations
 * ("a, b and c") or sentences.
 */
export function parsePrompt(prompt: string): PromptOutline {
  const lines = prompt.split(/\r?\n/).filter((line) => line.trim().length > 0);
  if (lines.length === 0) return { title: null, groups: [] };
  if (lines.length === 1) return parseOneLine(lines[0] ?? '');
  const plain = (line: string): boolean => !listMarker.test(line) && !headingMarker.test(line) && !line.trim().endsWith(':');
  if (lines.every(plain) && !lines.some((line) => /^[^:]{1,80}:\s+\S/.test(line.trim()))) {
    return { title: null, groups: [{ heading: null, entries: lines.map((line) => ({ text: clean(line), children: [] })) }] };
  }
  let title: string | null = null;
  const groups: { heading: string | null; entries: PromptEntry[] }[] = [];
  let current: { heading: string | null; entries: PromptEntry[] } | null = null;
  let baseIndent: number | null = null;
  const group = (heading: string | null): { heading: string | null; entries: PromptEntry[] } => {
    const made = { heading, entries: [] as PromptEntry[] };
    groups.push(made);
    baseIndent = null;
    return made;
  };
  lines.forEach((line, index) => {
    const heading = headingMarker.exec(line);
    const list = listMarker.exec(line);
    if (heading?.[1]) {
      if (index === 0 && !headingMarker.test(lines.slice(1).find((l) => headingMarker.test(l)) ?? '')) title = clean(heading[1]);
      else current = group(clean(heading[1]));
      return;
    }
    if (list?.[2]) {
      const indent = (list[1] ?? '').replace(/\t/g, '    ').length;
      current ??= group(null);
      baseIndent ??= indent;
      const last = current.entries.at(-1);
      if (indent > baseIndent && last) last.children.push(clean(list[2]));
      else current.entries.push({ text: clean(list[2]), children: [] });
      return;
    }
    const text = line.trim();
    if (text.endsWith(':')) {
      if (index === 0 && groups.length === 0 && !lines.slice(1).some((l) => !listMarker.test(l) && l.trim().endsWith(':'))) {
        title = clean(text.slice(0, -1));
      } else current = group(clean(text.slice(0, -1)));
      return;
    }
    const inlineHeading = /^([^:]{1,80}):\s+(.+)$/.exec(text);
    if (inlineHeading?.[1] && inlineHeading[2] && splitEnumeration(inlineHeading[2]).length > 1) {
      current = group(clean(inlineHeading[1]));
      current.entries.push(...splitEnumeration(inlineHeading[2]).map((t) => ({ text: t, children: [] })));
      current = null;
      return;
    }
    if (index === 0 && title === null) {
      title = clean(text);
      return;
    }
    current ??= group(null);
    current.entries.push({ text: clean(text), children: [] });
  });
  return { title, groups: groups.filter((g) => g.heading !== null || g.entries.length > 0) };
}
