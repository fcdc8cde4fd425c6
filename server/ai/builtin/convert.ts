import { ServiceError } from '../../errors.js';
import { parsePrompt } from './promptStructure.js';
import { tableRows } from './layouts.js';
import { clip } from './text.js';

/** The item a conversion builds: type, data, and an optional size (the target's default otherwise). */
export interface ConvertedItem {
  type: string;
  width?: number;
  height?: number;
  data: Record<string, unknown>;
}

function str(data: Readonly<Record<string, unknown>>, field: string): string {
  const value = data[field];
  return typeof value === 'string' ? value : '';
}

function tableToMarkdown(rows: readonly (readonly string[])[], header: boolean): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const lines = rows.map((row) => `| ${row.map(escape).join(' | ')} |`);
  if (rows.length > 0) lines.splice(header ? 1 : 0, 0, `| ${(rows[0] ?? []).map(() => '---').join(' | ')} |`);
  return lines.join('\n');
}

function markdownTable(markdown: string): string[][] | null {
  const lines = markdown.split('\n').filter((line) => /^\s*\|.*\|\s*$/.test(line));
  if (lines.length < 2) return null;
  const rows = lines
    .filter((line) => !/^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(line))
    .map((line) => line.trim().slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|')));
  const width = rows[0]?.length ?? 0;
  return rows.every((row) => row.length === width) ? rows : null;
}

/** Plain text of a markdown doc: headings and bullets without their markers. */
function plainText(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => line.replace(/^\s*#{1,6}\s+/, '').replace(/^\s*[-*+]\s+/, '- '))
    .join('\n')
    .trim();
}

/**
 * Rebuilds an item's content as `targetType` deterministically: text moves between the text
 * fields of notes, texts, shapes and cards (a card's first line is its title); docs become
 * tables from their markdown table or their list, and tables become markdown tables.
 */
export function convertContent(sourceType: string, data: Readonly<Record<string, unknown>>, sourceText: string, targetType: string): ConvertedItem {
  const text = sourceType === 'doc' ? plainText(str(data, 'markdown')) : sourceType === 'card' ? [str(data, 'title'), str(data, 'description')].filter(Boolean).join('\n') : sourceText;
  const title = sourceType === 'card' || sourceType === 'doc' || sourceType === 'table' ? str(data, 'title') : '';
  switch (targetType) {
    case 'sticky_note':
      return { type: targetType, data: { text: clip(text, 6000) } };
    case 'text':
      return { type: targetType, data: { text: clip(text, 20_000) } };
    case 'shape':
      return { type: targetType, data: { shape: 'round_rectangle', text: clip(text, 6000) } };
    case 'card': {
      const [first = '', ...rest] = text.split('\n');
      return { type: targetType, data: { title: clip(title || first || 'Untitled', 500), description: clip((title ? text : rest.join('\n')).trim(), 20_000) } };
    }
    case 'doc': {
      if (sourceType === 'table') {
        const rows = Array.isArray(data['rows']) ? (data['rows'] as unknown[]).map((row) => (Array.isArray(row) ? row.map((c) => (typeof c === 'string' ? c : '')) : [])) : [];
        const markdown = `${title ? `# ${title}\n\n` : ''}${tableToMarkdown(rows, data['header'] !== false)}`;
        return { type: targetType, data: { title, markdown: clip(markdown, 200_000) } };
      }
      if (sourceType === 'code') {
        return { type: targetType, data: { title: str(data, 'title'), markdown: clip(`\`\`\`${str(data, 'language')}\n${str(data, 'source')}\n\`\`\``, 200_000) } };
      }
      const markdown = sourceType === 'card' ? `# ${str(data, 'title')}\n\n${str(data, 'description')}`.trim() : text;
      return { type: targetType, data: { title: clip(title, 500), markdown: clip(markdown, 200_000) } };
    }
    case 'table': {
      const markdown = str(data, 'markdown');
      const rows = markdownTable(markdown) ?? tableRows(parsePrompt(markdown.length > 0 ? markdown : text));
      const clipped = rows.slice(0, 200).map((row) => row.slice(0, 50).map((cell) => clip(cell, 2000)));
      const columns = clipped[0]?.length ?? 1;
      return { type: targetType, width: Math.max(400, columns * 220), height: Math.max(80, clipped.length * 44), data: { title: clip(title, 500), header: true, rows: clipped } };
    }
    default:
      throw new ServiceError('ai_instruction_unsupported', `The builtin AI provider cannot build a ${targetType} from a ${sourceType}.`, { details: { field: 'targetType' } });
  }
}
