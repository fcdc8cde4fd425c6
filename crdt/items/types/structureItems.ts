import { z } from 'zod';
import { geometryLimits } from '../geometry.js';
import { colorSchema, defineItemType, itemIdSchema, joinLines, stringField, titleSchema } from '../ItemTypeDefinition.js';
import type { ItemTypeDefinition } from '../ItemTypeDefinition.js';

/** A titled area; items whose centre lies inside it belong to it (derived, never stored). */
export const sectionType: ItemTypeDefinition = defineItemType({
  type: 'section',
  title: 'Section',
  description:
    'A titled area (frame). Items whose centre lies inside it are reported with its id as sectionId; sections nest.',
  schema: z.strictObject({
    title: titleSchema.default(''),
    color: colorSchema.default('#f4f4f4'),
  }),
  example: {
    type: 'section',
    position: { x: 0, y: 0 },
    size: { width: 1600, height: 1000 },
    rotation: 0,
    data: { title: 'Discovery', color: '#f4f4f4' },
  },
  convertsTo: [],
  defaultSize: { width: 1200, height: 800 },
  minSize: { width: 50, height: 50 },
  textFields: ['title'],
  contentFields: ['title'],
});

const arrowHead = z.enum(['none', 'arrow', 'triangle', 'circle', 'diamond']);

/** A line from one item to another; both must exist on the board and neither may be a connector. */
export const connectorType: ItemTypeDefinition = defineItemType({
  type: 'connector',
  title: 'Connector',
  description:
    'A line from item `from` to item `to` (ids of existing items on the same board, not connectors), with an optional label. Its geometry is computed from its ends: the server places it on the rectangle spanning their centres (at least 1 × 1, no rotation) when it is created or patched and when an end is moved through the API, so the position and size sent are replaced. Deleting either end deletes the connector. The example joins items centred at (0, 0) and (400, 0).',
  schema: z
    .strictObject({
      from: itemIdSchema,
      to: itemIdSchema,
      label: titleSchema.default(''),
      style: z.enum(['straight', 'elbow', 'curved']).default('curved'),
      startArrow: arrowHead.default('none'),
      endArrow: arrowHead.default('arrow'),
      color: colorSchema.default('#1a1a1a'),
    })
    .refine((data) => data.from !== data.to, { path: ['to'], message: 'A connector must join two different items.' }),
  example: {
    type: 'connector',
    position: { x: 200, y: 0 },
    size: { width: 400, height: 1 },
    rotation: 0,
    data: {
      from: 'itm_00000000000000000001',
      to: 'itm_00000000000000000002',
      label: 'leads to',
      style: 'curved',
      startArrow: 'none',
      endArrow: 'arrow',
      color: '#1a1a1a',
    },
  },
  convertsTo: [],
  defaultSize: { width: 100, height: 1 },
  textFields: ['label'],
  contentFields: ['from', 'to', 'label'],
  referenceFields: ['from', 'to'],
});

/** Longest comment or reply text, in characters. */
export const maxCommentTextLength = 5000;
/** Most replies a comment thread holds. */
export const maxCommentReplies = 1000;

/** Body of a reply to a comment (`PATCH ... {reply: {text}}`). */
export const replySchema = z.strictObject({ text: z.string().min(1).max(maxCommentTextLength) });
/** Body of an edit of a reply (`PATCH ... {editReply: {id, text}}`). */
export const editReplySchema = z.strictObject({ id: z.string().min(1).max(100), text: z.string().min(1).max(maxCommentTextLength) });
/** Body of a removal of a reply (`PATCH ... {removeReply: {id}}`). */
export const removeReplySchema = z.strictObject({ id: z.string().min(1).max(100) });

/** A reply in a comment's thread, as stored and returned. */
export interface CommentReply {
  readonly id: string;
  readonly text: string;
  readonly authorId: string;
  readonly createdAt: string;
  /** When its author last changed the text; absent until then. */
  readonly editedAt?: string;
}

/** A comment pin with a thread of replies; deleting it resolves it. */
export const commentType: ItemTypeDefinition = defineItemType({
  type: 'comment',
  title: 'Comment',
  description:
    'A comment pin with a thread of replies. Data returned: {text, resolved, replies:[{id, text, authorId, createdAt}]}; replies are added with PATCH {reply:{text}}, never written directly. Deleting the pin resolves it.',
  schema: z.strictObject({
    text: z.string().min(1).max(maxCommentTextLength),
    resolved: z.boolean().default(false),
  }),
  example: {
    type: 'comment',
    position: { x: 150, y: -150 },
    size: { width: 32, height: 32 },
    rotation: 0,
    data: { text: 'Do we have numbers for this?', resolved: false },
  },
  convertsTo: ['sticky_note'],
  defaultSize: { width: 32, height: 32 },
  maxSize: { width: 256, height: 256 },
  textFields: ['text'],
  contentFields: ['text', 'resolved', 'replies'],
  listFields: ['replies'],
  text: (data) => {
    const replies = Array.isArray(data['replies']) ? data['replies'] : [];
    const lines = replies.map((reply: unknown) => {
      const { authorId, text } = (reply ?? {}) as { authorId?: unknown; text?: unknown };
      return `${typeof authorId === 'string' ? authorId : 'unknown'}: ${typeof text === 'string' ? text : ''}`;
    });
    return joinLines([stringField(data, 'text'), ...lines]);
  },
});

const pointOffset = z.number().min(-geometryLimits.maxSize).max(geometryLimits.maxSize);

/** A freehand pen stroke. */
export const freehandType: ItemTypeDefinition = defineItemType({
  type: 'freehand',
  title: 'Freehand drawing',
  description: 'A pen stroke: up to 5,000 points [x, y] relative to the item centre, in board units.',
  schema: z.strictObject({
    points: z.array(z.tuple([pointOffset, pointOffset])).min(2).max(5000),
    strokeColor: colorSchema.default('#1a1a1a'),
    strokeWidth: z.number().min(1).max(64).default(4),
  }),
  example: {
    type: 'freehand',
    position: { x: -300, y: 200 },
    size: { width: 100, height: 50 },
    rotation: 0,
    data: {
      points: [
        [-50, 25],
        [0, -25],
        [50, 25],
      ],
      strokeColor: '#e03131',
      strokeWidth: 4,
    },
  },
  convertsTo: [],
  defaultSize: { width: 100, height: 100 },
  textFields: [],
  contentFields: ['points'],
  text: () => '',
});
