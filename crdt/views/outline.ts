import type * as Y from 'yjs';
import { structure } from './structure.js';
import type { BoardStructure, StructureItem, StructureSection } from './structure.js';

const indentUnit = '  ';

/** After an item's id: ` (locked)` on a locked item, which refuses changes until it is unlocked. */
function lockMark(item: StructureItem): string {
  return item.locked === true ? ' (locked)' : '';
}

function itemLine(item: StructureItem, depth: number): string {
  const summary = item.summary.length > 0 ? ` ${item.summary}` : '';
  return `${indentUnit.repeat(depth)}- ${item.type} [${item.id}]${lockMark(item)}${summary}`;
}

function sectionLines(section: StructureSection, depth: number): string[] {
  const title = section.summary.length > 0 ? section.summary : '(untitled)';
  const lines = [`${indentUnit.repeat(depth)}Section: ${title} [${section.id}]${lockMark(section)}`];
  for (const item of section.items) lines.push(itemLine(item, depth + 1));
  for (const child of section.sections) lines.push(...sectionLines(child, depth + 1));
  return lines;
}

/** Renders a structure as outline text (see `outline`). */
export function renderOutline(board: BoardStructure): string {
  const lines: string[] = [];
  for (const section of board.sections) lines.push(...sectionLines(section, 0));
  if (board.standalone.length > 0) {
    lines.push('Standalone items:');
    for (const item of board.standalone) lines.push(itemLine(item, 1));
  }
  if (board.connections.length > 0) {
    lines.push('Connections:');
    for (const connection of board.connections) {
      const from = `${connection.fromSummary ?? '(missing)'} [${connection.from}]`;
      const to = `${connection.toSummary ?? '(missing)'} [${connection.to}]`;
      const label = connection.label.length > 0 ? ` (${connection.label})` : '';
      lines.push(`${indentUnit}- ${from} -> ${to}${label}`);
    }
  }
  return lines.length > 0 ? lines.join('\n') : '(empty board)';
}

/**
 * The board as indented text: sections in reading order (top-to-bottom, then left-to-right,
 * by their top-left corner) with their items and nested sections, then standalone items,
 * then connections as `A [id] -> B [id] (label)`. A locked item or section has `(locked)`
 * after its id.
 */
export function outline(doc: Y.Doc): string {
  return renderOutline(structure(doc));
}
