import type * as Y from 'yjs';
import type { BoardStructure, StructureItem, StructureSection } from '../../crdt/index.js';
import { listItems, structure, textOfItem } from '../../crdt/index.js';
import type { Passage, ReviewItem } from './aiTasks.js';
import { aiLimits } from './aiTasks.js';

/**
 * The board's passages for ask: exactly the text the outline shows (each item's summary,
 * section titles and connection labels), one passage per item, in reading order, up to the
 * request's text budget.
 */
export function outlinePassages(doc: Y.Doc): Passage[] {
  const board: BoardStructure = structure(doc);
  const passages: Passage[] = [];
  let budget = aiLimits.maxBoardTextLength;
  const push = (itemId: string, type: string, text: string): void => {
    if (text.trim().length === 0 || budget <= 0) return;
    budget -= text.length;
    passages.push({ itemId, type, text });
  };
  const item = (entry: StructureItem): void => push(entry.id, entry.type, entry.summary);
  const section = (entry: StructureSection): void => {
    push(entry.id, 'section', entry.summary);
    entry.items.forEach(item);
    entry.sections.forEach(section);
  };
  board.sections.forEach(section);
  board.standalone.forEach(item);
  for (const connection of board.connections) {
    if (connection.label.length > 0) push(connection.id, 'connector', `${connection.fromSummary ?? ''} -> ${connection.toSummary ?? ''}: ${connection.label}`);
  }
  return passages;
}

/** Every item as a review sees it: type, whole text, section, connector ends, open comments. */
export function reviewItems(doc: Y.Doc): ReviewItem[] {
  return listItems(doc).map((item) => {
    const base = { id: item.id, type: item.type, text: textOfItem(item).slice(0, 2000), sectionId: item.sectionId };
    if (item.type === 'connector') return { ...base, from: String(item.data['from'] ?? ''), to: String(item.data['to'] ?? '') };
    if (item.type === 'comment') return { ...base, open: item.data['resolved'] !== true };
    return base;
  });
}
