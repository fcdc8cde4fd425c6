import { z } from 'zod';
import { colorSchema, defineItemType, joinLines, stringField, titleSchema } from '../ItemTypeDefinition.js';
import type { ItemTypeDefinition } from '../ItemTypeDefinition.js';

/** A square note with a short text. */
export const stickyNoteType: ItemTypeDefinition = defineItemType({
  type: 'sticky_note',
  title: 'Sticky note',
  description: 'A coloured note holding up to 6,000 characters of text.',
  schema: z.strictObject({
    text: z.string().max(6000),
    color: colorSchema.default('#fff9b1'),
  }),
  example: {
    type: 'sticky_note',
    position: { x: 0, y: 0 },
    size: { width: 200, height: 200 },
    rotation: 0,
    data: { text: 'Interview five customers this week', color: '#fff9b1' },
  },
  convertsTo: ['text', 'card', 'shape', 'doc'],
  defaultSize: { width: 200, height: 200 },
  minSize: { width: 20, height: 20 },
  maxSize: { width: 4000, height: 4000 },
  textFields: ['text'],
  contentFields: ['text'],
});

/** Free text on the canvas. */
export const textType: ItemTypeDefinition = defineItemType({
  type: 'text',
  title: 'Text',
  description: 'Free-standing text of up to 20,000 characters.',
  schema: z.strictObject({
    text: z.string().max(20_000),
    fontSize: z.number().int().min(6).max(512).default(24),
    color: colorSchema.default('#1a1a1a'),
    align: z.enum(['left', 'center', 'right']).default('left'),
  }),
  example: {
    type: 'text',
    position: { x: 0, y: -300 },
    size: { width: 400, height: 60 },
    rotation: 0,
    data: { text: 'Q3 planning', fontSize: 36, color: '#1a1a1a', align: 'left' },
  },
  convertsTo: ['sticky_note', 'card', 'shape', 'doc'],
  defaultSize: { width: 300, height: 60 },
  textFields: ['text'],
  contentFields: ['text'],
});

/** The geometric shapes a `shape` item can draw. */
export const shapeKinds = [
  'rectangle',
  'round_rectangle',
  'ellipse',
  'triangle',
  'diamond',
  'hexagon',
  'star',
  'arrow',
  'cloud',
  'cylinder',
] as const;

/** A geometric shape, optionally with text inside. */
export const shapeType: ItemTypeDefinition = defineItemType({
  type: 'shape',
  title: 'Shape',
  description: `A geometric shape (${shapeKinds.join(', ')}) with optional text inside.`,
  schema: z.strictObject({
    shape: z.enum(shapeKinds),
    text: z.string().max(6000).default(''),
    fillColor: colorSchema.default('#ffffff'),
    strokeColor: colorSchema.default('#1a1a1a'),
    strokeWidth: z.number().min(0).max(64).default(2),
  }),
  example: {
    type: 'shape',
    position: { x: 400, y: 0 },
    size: { width: 200, height: 120 },
    rotation: 0,
    data: { shape: 'diamond', text: 'Ship?', fillColor: '#ffffff', strokeColor: '#1a1a1a', strokeWidth: 2 },
  },
  convertsTo: ['sticky_note', 'text'],
  defaultSize: { width: 200, height: 200 },
  textFields: ['text'],
  contentFields: ['text'],
});

/** A task card: title, description, status, due date, assignee and tags. */
export const cardType: ItemTypeDefinition = defineItemType({
  type: 'card',
  title: 'Card',
  description: 'A task card with a title, a description, and optional status, due date, assignee and tags.',
  schema: z.strictObject({
    title: titleSchema.min(1),
    description: z.string().max(20_000).default(''),
    status: z.string().min(1).max(50).optional(),
    dueDate: z.iso.date().optional(),
    assigneeId: z.string().min(1).max(100).optional(),
    tags: z.array(z.string().min(1).max(50)).max(20).default([]),
  }),
  example: {
    type: 'card',
    position: { x: 0, y: 300 },
    size: { width: 320, height: 180 },
    rotation: 0,
    data: {
      title: 'Write the launch post',
      description: 'Draft, review with marketing, publish.',
      status: 'in_progress',
      dueDate: '2026-10-15',
      tags: ['launch'],
    },
  },
  convertsTo: ['sticky_note', 'text', 'doc'],
  defaultSize: { width: 320, height: 180 },
  minSize: { width: 40, height: 40 },
  textFields: ['title', 'description'],
  contentFields: ['title', 'description', 'status', 'dueDate', 'assigneeId', 'tags'],
  text: (data) => {
    const tags = Array.isArray(data['tags']) ? data['tags'].filter((tag) => typeof tag === 'string') : [];
    return joinLines([
      stringField(data, 'title'),
      stringField(data, 'description'),
      stringField(data, 'status') && `Status: ${stringField(data, 'status')}`,
      stringField(data, 'dueDate') && `Due: ${stringField(data, 'dueDate')}`,
      tags.length > 0 ? `Tags: ${tags.join(', ')}` : '',
    ]);
  },
});

/** An emoji stamp, e.g. a vote or a reaction placed on the canvas. */
export const stampType: ItemTypeDefinition = defineItemType({
  type: 'stamp',
  title: 'Stamp',
  description: 'An emoji stamp (a vote, a reaction) of up to 16 characters.',
  schema: z.strictObject({ emoji: z.string().min(1).max(16) }),
  example: {
    type: 'stamp',
    position: { x: 120, y: -120 },
    size: { width: 48, height: 48 },
    rotation: 0,
    data: { emoji: '👍' },
  },
  convertsTo: [],
  defaultSize: { width: 48, height: 48 },
  minSize: { width: 8, height: 8 },
  maxSize: { width: 1024, height: 1024 },
  textFields: [],
  contentFields: ['emoji'],
  text: (data) => stringField(data, 'emoji'),
});
