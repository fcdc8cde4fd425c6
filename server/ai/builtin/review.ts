import type { ReviewAspect, ReviewItem } from '../aiTasks.js';

/** One scored aspect of a review. */
export interface AspectScore {
  name: string;
  score: number;
  feedback: string;
  itemIds: string[];
}

const maxIds = 20;
const unfinished = /\b(todo|tbd|tba|fixme|xxx)\b|\?\?|\.\.\.$/i;

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((100 * part) / whole);
}

/** Items that hold content (not sections, connectors or comment pins). */
function contentItems(items: readonly ReviewItem[]): ReviewItem[] {
  return items.filter((i) => i.type !== 'section' && i.type !== 'connector' && i.type !== 'comment');
}

function structureScore(items: readonly ReviewItem[]): AspectScore {
  const content = contentItems(items);
  const sections = items.filter((i) => i.type === 'section');
  if (content.length === 0) return { name: 'structure', score: 0, feedback: 'The board has no content to structure yet.', itemIds: [] };
  const loose = content.filter((i) => i.sectionId === null);
  const emptySections = sections.filter((s) => !items.some((i) => i.sectionId === s.id));
  const score = Math.max(0, (sections.length === 0 ? Math.min(40, 100 - percent(loose.length, content.length)) : percent(content.length - loose.length, content.length)) - emptySections.length * 10);
  const parts = [
    sections.length === 0 ? 'No sections group the content.' : `${sections.length} section(s) group ${content.length - loose.length} of ${content.length} items.`,
    loose.length > 0 ? `${loose.length} item(s) sit outside any section.` : 'Every item sits in a section.',
    emptySections.length > 0 ? `${emptySections.length} section(s) are empty.` : '',
  ];
  return { name: 'structure', score, feedback: parts.filter(Boolean).join(' '), itemIds: [...loose, ...emptySections].slice(0, maxIds).map((i) => i.id) };
}

function clarityScore(items: readonly ReviewItem[]): AspectScore {
  const content = contentItems(items).filter((i) => i.type !== 'image' && i.type !== 'stamp' && i.type !== 'freehand');
  if (content.length === 0) return { name: 'clarity', score: 0, feedback: 'There is no text on the board to judge.', itemIds: [] };
  const seen = new Map<string, string>();
  const unclear: { id: string; why: string }[] = [];
  for (const item of content) {
    const text = item.text.trim();
    const key = text.toLowerCase().replace(/\s+/g, ' ');
    if (text.length === 0) unclear.push({ id: item.id, why: 'empty' });
    else if (item.type === 'sticky_note' && text.length > 280) unclear.push({ id: item.id, why: 'long' });
    else if (seen.has(key)) unclear.push({ id: item.id, why: 'duplicate' });
    seen.set(key, item.id);
  }
  const count = (why: string) => unclear.filter((u) => u.why === why).length;
  const feedback = unclear.length === 0
    ? 'Every item has short, distinct text.'
    : [count('empty') && `${count('empty')} item(s) have no text.`, count('long') && `${count('long')} sticky note(s) run past 280 characters; split them.`, count('duplicate') && `${count('duplicate')} item(s) repeat another item's text.`].filter(Boolean).join(' ');
  return { name: 'clarity', score: percent(content.length - unclear.length, content.length), feedback, itemIds: unclear.slice(0, maxIds).map((u) => u.id) };
}

function completenessScore(items: readonly ReviewItem[]): AspectScore {
  const content = contentItems(items);
  if (content.length === 0) return { name: 'completeness', score: 0, feedback: 'The board is empty.', itemIds: [] };
  const marked = content.filter((i) => unfinished.test(i.text));
  const open = items.filter((i) => i.type === 'comment' && i.open === true);
  const emptySections = items.filter((s) => s.type === 'section' && !items.some((i) => i.sectionId === s.id));
  const gaps = marked.length + open.length + emptySections.length;
  const score = Math.max(0, 100 - Math.round((100 * gaps) / Math.max(1, content.length + open.length)) - (content.length < 3 ? 30 : 0));
  const parts = [
    content.length < 3 ? `Only ${content.length} item(s) on the board.` : '',
    marked.length > 0 ? `${marked.length} item(s) are marked unfinished (TODO, TBD, ??).` : '',
    open.length > 0 ? `${open.length} comment thread(s) are still open.` : '',
    emptySections.length > 0 ? `${emptySections.length} section(s) have nothing in them.` : '',
  ].filter(Boolean);
  return {
    name: 'completeness',
    score,
    feedback: parts.length === 0 ? 'Nothing is marked unfinished and no comment is open.' : parts.join(' '),
    itemIds: [...marked, ...open, ...emptySections].slice(0, maxIds).map((i) => i.id),
  };
}

function connectednessScore(items: readonly ReviewItem[]): AspectScore {
  const content = contentItems(items);
  if (content.length === 0) return { name: 'connectedness', score: 0, feedback: 'There is nothing to connect.', itemIds: [] };
  const linked = new Set<string>();
  for (const connector of items.filter((i) => i.type === 'connector')) {
    if (connector.from) linked.add(connector.from);
    if (connector.to) linked.add(connector.to);
  }
  const isolated = content.filter((i) => !linked.has(i.id) && i.sectionId === null);
  const connectors = items.filter((i) => i.type === 'connector').length;
  return {
    name: 'connectedness',
    score: percent(content.length - isolated.length, content.length),
    feedback:
      isolated.length === 0
        ? `Every item is connected (${connectors} connector(s)) or grouped in a section.`
        : `${isolated.length} of ${content.length} item(s) are neither connected nor grouped in a section.`,
    itemIds: isolated.slice(0, maxIds).map((i) => i.id),
  };
}

const scorers: Record<ReviewAspect, (items: readonly ReviewItem[]) => AspectScore> = {
  structure: structureScore,
  clarity: clarityScore,
  completeness: completenessScore,
  connectedness: connectednessScore,
};

/** Scores each aspect from the board itself, with the reasons and the items concerned; overall is the rounded mean. */
export function reviewBoard(items: readonly ReviewItem[], aspects: readonly ReviewAspect[]): { overall: number; aspects: AspectScore[] } {
  const scored = aspects.map((aspect) => scorers[aspect](items));
  const overall = scored.length === 0 ? 0 : Math.round(scored.reduce((sum, a) => sum + a.score, 0) / scored.length);
  return { overall, aspects: scored };
}
