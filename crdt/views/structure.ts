import type * as Y from 'yjs';
import { sectionTypeName } from '../items/boardSchema.js';
import type { StoredItem } from '../items/boardSchema.js';
import { readBoard } from '../items/boardSnapshot.js';
import type { Point, Size } from '../items/geometry.js';
import { topLeft } from '../items/geometry.js';
import { textOfItem } from '../items/itemText.js';
import { connectorTypeName } from '../items/references.js';

/** Longest item summary in the outline and structure, in characters. */
export const maxSummaryLength = 120;

/** An item in the structure view: what it is, where, and a one-line summary of its content. */
export interface StructureItem {
  readonly id: string;
  readonly type: string;
  readonly summary: string;
  readonly position: Point;
  readonly size: Size;
  /** Present, and true, on a locked item only. */
  readonly locked?: true;
}

/** A section with the items and sections whose centre it contains, each in reading order. */
export interface StructureSection extends StructureItem {
  readonly items: StructureItem[];
  readonly sections: StructureSection[];
}

/** A connector between two items; summaries are null when an end is missing. */
export interface StructureConnection {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly fromSummary: string | null;
  readonly toSummary: string | null;
  readonly label: string;
}

/** The board as JSON: top-level sections, standalone items, then connections. */
export interface BoardStructure {
  readonly sections: StructureSection[];
  readonly standalone: StructureItem[];
  readonly connections: StructureConnection[];
}

/** Reading order: top-to-bottom, then left-to-right, by the top-left corner; id breaks ties. */
export function compareReadingOrder(a: StoredItem, b: StoredItem): number {
  const pa = topLeft(a);
  const pb = topLeft(b);
  if (pa.y !== pb.y) return pa.y - pb.y;
  if (pa.x !== pb.x) return pa.x - pb.x;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A one-line summary: the item's title when it has one, else the first non-empty line of its text. */
export function summarize(item: Pick<StoredItem, 'type' | 'data'>): string {
  const title = item.data['title'];
  const firstLine =
    typeof title === 'string' && title.trim().length > 0
      ? title
      : (textOfItem(item)
          .split(/\r\n|\n|\r/)
          .find((line) => line.trim().length > 0) ?? '');
  const line = firstLine.trim().replace(/\s+/g, ' ');
  return line.length > maxSummaryLength ? `${line.slice(0, maxSummaryLength - 1)}…` : line;
}

function toStructureItem(item: StoredItem): StructureItem {
  return {
    id: item.id,
    type: item.type,
    summary: summarize(item),
    position: { x: item.x, y: item.y },
    size: { width: item.width, height: item.height },
    ...(item.locked ? { locked: true as const } : {}),
  };
}

/**
 * The board's structure: sections in reading order (nested by containment) with their items
 * in reading order, then items in no section, then connections ordered by their ends' reading
 * order (connectors appear only there).
 */
export function structure(doc: Y.Doc): BoardStructure {
  const snapshot = readBoard(doc);
  const ordered = [...snapshot.items].sort(compareReadingOrder);
  const children = new Map<string | null, StoredItem[]>();
  for (const item of ordered) {
    if (item.type === connectorTypeName) continue;
    const parent = snapshot.sectionIds.get(item.id) ?? null;
    const list = children.get(parent) ?? [];
    list.push(item);
    children.set(parent, list);
  }
  const buildSection = (section: StoredItem): StructureSection => {
    const inside = children.get(section.id) ?? [];
    return {
      ...toStructureItem(section),
      items: inside.filter((item) => item.type !== sectionTypeName).map(toStructureItem),
      sections: inside.filter((item) => item.type === sectionTypeName).map(buildSection),
    };
  };
  const topLevel = children.get(null) ?? [];
  const summaryOf = (id: string): string | null => {
    const item = snapshot.byId.get(id);
    return item === undefined ? null : summarize(item);
  };
  const rank = new Map(ordered.map((item, index) => [item.id, index]));
  const rankOf = (id: string): number => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  const connections = ordered
    .filter((item) => item.type === connectorTypeName)
    .map((connector): StructureConnection => {
      const from = typeof connector.data['from'] === 'string' ? connector.data['from'] : '';
      const to = typeof connector.data['to'] === 'string' ? connector.data['to'] : '';
      const label = connector.data['label'];
      return {
        id: connector.id,
        from,
        to,
        fromSummary: summaryOf(from),
        toSummary: summaryOf(to),
        label: typeof label === 'string' ? label : '',
      };
    })
    .sort((a, b) => rankOf(a.from) - rankOf(b.from) || rankOf(a.to) - rankOf(b.to) || (a.id < b.id ? -1 : 1));
  return {
    sections: topLevel.filter((item) => item.type === sectionTypeName).map(buildSection),
    standalone: topLevel.filter((item) => item.type !== sectionTypeName).map(toStructureItem),
    connections,
  };
}
