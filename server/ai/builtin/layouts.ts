import type { OutputType, PlannedItem } from '../aiTasks.js';
import { aiLimits } from '../aiTasks.js';
import type { PromptEntry, PromptGroup, PromptOutline } from './promptStructure.js';
import { clip } from './text.js';

const palette = ['#fff9b1', '#a6ccf5', '#d5f692', '#ffcee0', '#ffd8a8', '#c9b8ff', '#b2f2bb', '#ffa7a7'];
const gap = 40;

/** Collects planned items, naming refs in order and stopping at the plan's item cap. */
class PlanBuilder {
  readonly items: PlannedItem[] = [];
  #next = 0;

  get full(): boolean {
    return this.items.length >= aiLimits.maxPlannedItems;
  }

  /** Adds an item (centre x, y) unless the plan is full; returns its ref, or null when full. */
  add(type: string, x: number, y: number, width: number, height: number, data: Record<string, unknown>): string | null {
    if (this.full) return null;
    const ref = `${type}_${++this.#next}`;
    this.items.push({ ref, type, x, y, width, height, data });
    return ref;
  }

  /** A connector from `from` to `to` drawn between the two centres. */
  connect(from: string, to: string): void {
    const a = this.items.find((item) => item.ref === from);
    const b = this.items.find((item) => item.ref === to);
    if (!a || !b) return;
    this.add('connector', (a.x + b.x) / 2, (a.y + b.y) / 2, Math.max(1, Math.abs(a.x - b.x)), Math.max(1, Math.abs(a.y - b.y)), {
      from,
      to,
      style: 'curved',
      endArrow: 'arrow',
    });
  }
}

function entryText(entry: PromptEntry): string {
  return entry.children.length > 0 ? `${entry.text}\n${entry.children.map((c) => `- ${c}`).join('\n')}` : entry.text;
}

function allEntries(outline: PromptOutline): PromptEntry[] {
  return outline.groups.flatMap((group) => (group.heading !== null && group.entries.length === 0 ? [{ text: group.heading, children: [] }] : group.entries));
}

/** Lays `count` boxes of one size in a near-square grid below `top`; returns their centres. */
function grid(count: number, width: number, height: number, top: number, columns = Math.ceil(Math.sqrt(count))): { x: number; y: number }[] {
  const cols = Math.max(1, Math.min(columns, count));
  const totalWidth = cols * width + (cols - 1) * gap;
  return Array.from({ length: count }, (_, i) => ({
    x: -totalWidth / 2 + width / 2 + (i % cols) * (width + gap),
    y: top + height / 2 + Math.floor(i / cols) * (height + gap),
  }));
}

function titleText(plan: PlanBuilder, title: string | null, width: number): number {
  if (title === null) return 0;
  plan.add('text', 0, 30, Math.max(300, width), 60, { text: clip(title, 500), fontSize: 36 });
  return 60 + gap;
}

const sizes = {
  sticky_note: { width: 200, height: 200 },
  card: { width: 320, height: 180 },
  text: { width: 400, height: 80 },
  shape: { width: 240, height: 120 },
} as const;

function itemData(type: 'sticky_note' | 'card' | 'text' | 'shape', entry: PromptEntry, color: string): Record<string, unknown> {
  switch (type) {
    case 'sticky_note':
      return { text: clip(entryText(entry), 6000), color };
    case 'card':
      return { title: clip(entry.text, 500), description: entry.children.map((c) => `- ${c}`).join('\n') };
    case 'text':
      return { text: clip(entryText(entry), 20_000), fontSize: 24 };
    case 'shape':
      return { shape: 'round_rectangle', text: clip(entryText(entry), 6000), fillColor: color };
  }
}

/** Notes, cards, texts or shapes in a grid (one column per heading when the prompt has headings); shapes of numbered steps are chained. */
function gridOf(type: 'sticky_note' | 'card' | 'text' | 'shape', outline: PromptOutline): PlanBuilder {
  const plan = new PlanBuilder();
  const size = sizes[type];
  const headed = outline.groups.filter((g) => g.heading !== null);
  if (headed.length > 1) {
    const width = headed.length * (size.width + gap);
    const top = titleText(plan, outline.title, width);
    headed.forEach((group, column) => {
      const x = -width / 2 + size.width / 2 + column * (size.width + gap);
      plan.add('text', x, top + 30, size.width, 60, { text: clip(group.heading ?? '', 500), fontSize: 24 });
      group.entries.forEach((entry, row) => {
        plan.add(type, x, top + 60 + gap + size.height / 2 + row * (size.height + gap), size.width, size.height, itemData(type, entry, palette[column % palette.length] ?? '#fff9b1'));
      });
    });
    return plan;
  }
  const entries = allEntries(outline);
  const columns = type === 'text' ? 1 : type === 'shape' ? Math.min(entries.length, 5) : Math.ceil(Math.sqrt(entries.length));
  const top = titleText(plan, outline.title, columns * (size.width + gap));
  const refs = grid(entries.length, size.width, size.height, top, columns).map((at, i) =>
    plan.add(type, at.x, at.y, size.width, size.height, itemData(type, entries[i] ?? { text: '', children: [] }, type === 'shape' ? '#ffffff' : (palette[0] ?? '#fff9b1'))),
  );
  if (type === 'shape') {
    for (let i = 1; i < refs.length; i++) {
      const from = refs[i - 1];
      const to = refs[i];
      if (from && to) plan.connect(from, to);
    }
  }
  return plan;
}

/** One section per heading under the title (or one section named after the title) holding a grid of sticky notes. */
function sections(outline: PromptOutline): PlanBuilder {
  const plan = new PlanBuilder();
  const headed = outline.groups.filter((g) => g.heading !== null).length > 1;
  const groups: PromptGroup[] = headed
    ? outline.groups.filter((g) => g.heading !== null)
    : [{ heading: outline.title ?? outline.groups.find((g) => g.heading !== null)?.heading ?? 'Ideas', entries: allEntries({ title: null, groups: outline.groups }) }];
  const note = sizes.sticky_note;
  let left = 0;
  const frames = groups.map((group) => {
    const columns = Math.max(1, Math.ceil(Math.sqrt(group.entries.length)));
    const rows = Math.max(1, Math.ceil(group.entries.length / columns));
    const width = columns * note.width + (columns - 1) * gap + 2 * gap;
    const height = 80 + rows * note.height + (rows - 1) * gap + gap;
    const frame = { group, columns, width, height, left };
    left += width + gap * 2;
    return frame;
  });
  const offset = -(left - gap * 2) / 2;
  const top = headed ? titleText(plan, outline.title, left - gap * 2) : 0;
  frames.forEach(({ group, columns, width, height, left: x0 }, index) => {
    const cx = offset + x0 + width / 2;
    plan.add('section', cx, top + height / 2, width, height, { title: clip(group.heading ?? '', 500) });
    grid(group.entries.length, note.width, note.height, top + 80, columns).forEach((at, i) => {
      const entry = group.entries[i];
      if (entry) plan.add('sticky_note', cx + at.x, at.y, note.width, note.height, itemData('sticky_note', entry, palette[index % palette.length] ?? '#fff9b1'));
    });
  });
  return plan;
}

/** Sections as columns side by side with cards stacked inside; without headings: To do / Doing / Done with every entry in To do. */
function kanban(outline: PromptOutline): PlanBuilder {
  const plan = new PlanBuilder();
  const headed = outline.groups.filter((g) => g.heading !== null);
  const columns: PromptGroup[] =
    headed.length > 0
      ? headed
      : [
          { heading: 'To do', entries: allEntries(outline) },
          { heading: 'Doing', entries: [] },
          { heading: 'Done', entries: [] },
        ];
  const card = sizes.card;
  const width = card.width + 2 * gap;
  const most = Math.max(1, ...columns.map((c) => c.entries.length));
  const height = Math.max(600, 80 + most * (card.height + gap) + gap);
  const total = columns.length * width + (columns.length - 1) * gap;
  const top = titleText(plan, outline.title, total);
  columns.forEach((column, i) => {
    const cx = -total / 2 + width / 2 + i * (width + gap);
    plan.add('section', cx, top + height / 2, width, height, { title: clip(column.heading ?? '', 500) });
    column.entries.forEach((entry, row) => {
      plan.add('card', cx, top + 80 + card.height / 2 + row * (card.height + gap), card.width, card.height, {
        ...itemData('card', entry, ''),
        status: clip((column.heading ?? 'todo').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'todo', 50),
      });
    });
  });
  return plan;
}

/**
 * A central ellipse with branches (headings, or entries) and leaves (their entries, or
 * sub-entries), laid out as a two-sided tree so nothing overlaps, joined by connectors.
 */
function mindMap(outline: PromptOutline): PlanBuilder {
  const plan = new PlanBuilder();
  const headed = outline.groups.filter((g) => g.heading !== null);
  const branches: { text: string; leaves: string[] }[] =
    headed.length > 0
      ? headed.map((g) => ({ text: g.heading ?? '', leaves: g.entries.map((e) => e.text) }))
      : allEntries(outline).map((e) => ({ text: e.text, leaves: e.children }));
  const centreText = outline.title ?? (branches.length === 1 ? (branches[0]?.text ?? '') : 'Topic');
  if (branches.length === 1 && outline.title === null) branches.splice(0, 1, ...(branches[0]?.leaves.map((text) => ({ text, leaves: [] })) ?? []));
  const centre = plan.add('shape', 0, 0, 300, 150, { shape: 'ellipse', text: clip(centreText, 6000), fillColor: '#ffd8a8' });
  if (centre === null) return plan;
  const row = 130;
  const half = Math.ceil(branches.length / 2);
  for (const [side, list] of [
    [1, branches.slice(0, half)],
    [-1, branches.slice(half)],
  ] as const) {
    const rows = list.reduce((sum, b) => sum + Math.max(1, b.leaves.length), 0);
    let y = (-rows * row) / 2;
    list.forEach((branch, index) => {
      const span = Math.max(1, branch.leaves.length) * row;
      const by = y + span / 2;
      const ref = plan.add('shape', side * 420, by, 240, 110, {
        shape: 'round_rectangle',
        text: clip(branch.text, 6000),
        fillColor: palette[(index + (side < 0 ? half : 0)) % palette.length] ?? '#ffffff',
      });
      if (ref === null) return;
      plan.connect(centre, ref);
      branch.leaves.forEach((leaf, j) => {
        const leafRef = plan.add('shape', side * 740, y + row / 2 + j * row, 220, 100, { shape: 'rectangle', text: clip(leaf, 6000) });
        if (leafRef !== null) plan.connect(ref, leafRef);
      });
      y += span;
    });
  }
  return plan;
}

/** Rows of a table: headings as columns, `a | b` cells, `term: detail` pairs, or a numbered list. */
export function tableRows(outline: PromptOutline): string[][] {
  const headed = outline.groups.filter((g) => g.heading !== null);
  if (headed.length > 1) {
    const depth = Math.max(1, ...headed.map((g) => g.entries.length));
    return [headed.map((g) => g.heading ?? ''), ...Array.from({ length: depth }, (_, i) => headed.map((g) => g.entries[i]?.text ?? ''))];
  }
  const entries = allEntries(outline).map((e) => e.text);
  const piped = entries.map((e) => e.split(/\s*[|\t]\s*/));
  const width = piped[0]?.length ?? 1;
  if (width > 1 && piped.every((cells) => cells.length === width)) {
    return outline.title === null ? piped : [Array.from({ length: width }, (_, i) => (i === 0 ? outline.title ?? '' : '')), ...piped];
  }
  if (entries.length > 0 && entries.every((e) => /^[^:]{1,100}:\s*\S/.test(e))) {
    return [['Item', 'Details'], ...entries.map((e) => [e.slice(0, e.indexOf(':')).trim(), e.slice(e.indexOf(':') + 1).trim()])];
  }
  return [['#', outline.title ?? 'Item'], ...entries.map((e, i) => [String(i + 1), e])];
}

function table(outline: PromptOutline): PlanBuilder {
  const plan = new PlanBuilder();
  const rows = tableRows(outline)
    .slice(0, 200)
    .map((row) => row.slice(0, 50).map((cell) => clip(cell, 2000)));
  const columns = rows[0]?.length ?? 1;
  plan.add('table', 0, 0, Math.max(400, columns * 220), Math.max(80, rows.length * 44), { title: clip(outline.title ?? '', 500), header: true, rows });
  return plan;
}

/** The prompt as markdown: the title as `#`, headings as `##`, entries as bullets. */
export function toMarkdown(outline: PromptOutline): string {
  const lines: string[] = [];
  if (outline.title !== null) lines.push(`# ${outline.title}`, '');
  for (const group of outline.groups) {
    if (group.heading !== null) lines.push(`## ${group.heading}`, '');
    for (const entry of group.entries) {
      lines.push(`- ${entry.text}`);
      for (const child of entry.children) lines.push(`  - ${child}`);
    }
    lines.push('');
  }
  return lines.join('\n').trim();
}

function doc(outline: PromptOutline): PlanBuilder {
  const plan = new PlanBuilder();
  plan.add('doc', 0, 0, 600, 800, { title: clip(outline.title ?? '', 500), markdown: clip(toMarkdown(outline), 200_000) });
  return plan;
}

/** The builtin plan for an outline and an output type, laid out around the group's own origin. */
export function layOut(outline: PromptOutline, outputType: OutputType): PlannedItem[] {
  switch (outputType) {
    case 'sticky_note':
    case 'card':
    case 'text':
    case 'shape':
      return gridOf(outputType, outline).items;
    case 'section':
      return sections(outline).items;
    case 'kanban':
      return kanban(outline).items;
    case 'mind_map':
      return mindMap(outline).items;
    case 'table':
      return table(outline).items;
    case 'doc':
      return doc(outline).items;
  }
}
