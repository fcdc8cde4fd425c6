import { z } from 'zod';
import { defineItemType, joinLines, stringField, titleSchema } from '../ItemTypeDefinition.js';
import type { ItemTypeDefinition } from '../ItemTypeDefinition.js';

/** Bounds of a `table` item. */
export const tableLimits = { maxRows: 200, maxColumns: 50, maxCellLength: 2000 } as const;

/** A markdown document card. */
export const docType: ItemTypeDefinition = defineItemType({
  type: 'doc',
  title: 'Doc',
  description: 'A markdown document of up to 200,000 characters, co-editable.',
  schema: z.strictObject({
    title: titleSchema.default(''),
    markdown: z.string().max(200_000),
  }),
  example: {
    type: 'doc',
    position: { x: 800, y: -400 },
    size: { width: 600, height: 800 },
    rotation: 0,
    data: { title: 'Retro notes', markdown: '# Retro\n\n- Went well: shipping\n- To improve: estimates' },
  },
  convertsTo: ['text', 'sticky_note', 'card', 'table'],
  defaultSize: { width: 600, height: 800 },
  minSize: { width: 100, height: 100 },
  textFields: ['title', 'markdown'],
  contentFields: ['title', 'markdown'],
  // The title is a text field too: it is the first line (when set), then the markdown.
  text: (data) => joinLines([stringField(data, 'title'), stringField(data, 'markdown')]),
});

/** A grid of text cells; every row has the same number of cells. */
export const tableType: ItemTypeDefinition = defineItemType({
  type: 'table',
  title: 'Table',
  description: `A grid of text cells: up to ${tableLimits.maxRows} rows by ${tableLimits.maxColumns} columns, every row the same length; the first row is the header when header is true.`,
  schema: z
    .strictObject({
      title: titleSchema.default(''),
      header: z.boolean().default(true),
      rows: z
        .array(z.array(z.string().max(tableLimits.maxCellLength)).min(1).max(tableLimits.maxColumns))
        .min(1)
        .max(tableLimits.maxRows),
    })
    .superRefine((data, ctx) => {
      const width = data.rows[0]?.length ?? 0;
      data.rows.forEach((row, index) => {
        if (row.length !== width) {
          ctx.addIssue({
            code: 'custom',
            path: ['rows', index],
            message: `Expected ${width} cells like the first row, got ${row.length}.`,
          });
        }
      });
    }),
  example: {
    type: 'table',
    position: { x: 0, y: 800 },
    size: { width: 600, height: 200 },
    rotation: 0,
    data: {
      title: 'Owners',
      header: true,
      rows: [
        ['Task', 'Owner'],
        ['Design', 'Ana'],
        ['Build', 'Ben'],
      ],
    },
  },
  convertsTo: ['doc'],
  defaultSize: { width: 600, height: 300 },
  minSize: { width: 40, height: 20 },
  textFields: [],
  contentFields: ['title', 'header', 'rows'],
  text: (data) => {
    const rows = Array.isArray(data['rows']) ? data['rows'] : [];
    const lines = rows.map((row: unknown) =>
      Array.isArray(row) ? row.map((cell) => (typeof cell === 'string' ? cell : '')).join(' | ') : '',
    );
    return joinLines([stringField(data, 'title'), ...lines]);
  },
});

/** A code block with a language for highlighting. */
export const codeType: ItemTypeDefinition = defineItemType({
  type: 'code',
  title: 'Code',
  description: 'A code block: a language name for highlighting and up to 100,000 characters of source, co-editable.',
  schema: z.strictObject({
    language: z
      .string()
      .regex(/^[a-z0-9][a-z0-9+#._-]{0,31}$/, 'Expected a lower-case language name such as typescript.'),
    source: z.string().max(100_000),
    title: titleSchema.default(''),
  }),
  example: {
    type: 'code',
    position: { x: 800, y: 800 },
    size: { width: 500, height: 300 },
    rotation: 0,
    data: { language: 'typescript', source: 'export function add(a: number, b: number): number {\n  return a + b;\n}', title: 'add.ts' },
  },
  convertsTo: ['doc', 'text'],
  defaultSize: { width: 500, height: 300 },
  minSize: { width: 80, height: 40 },
  textFields: ['source'],
  contentFields: ['title', 'source', 'language'],
  text: (data) => stringField(data, 'source'),
});
