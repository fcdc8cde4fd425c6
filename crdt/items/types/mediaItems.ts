import { z } from 'zod';
import { assetIdSchema, defineItemType, httpsUrlSchema, joinLines, stringField, titleSchema } from '../ItemTypeDefinition.js';
import type { ItemTypeDefinition } from '../ItemTypeDefinition.js';

function exactlyOneSource(): { path: string[]; message: string } {
  return { path: ['url'], message: 'Give exactly one of url (https) or assetId (an uploaded asset).' };
}

function hasOneSource(data: { url?: string | undefined; assetId?: string | undefined }): boolean {
  return (data.url === undefined) !== (data.assetId === undefined);
}

/** A picture from an https URL or an uploaded asset. */
export const imageType: ItemTypeDefinition = defineItemType({
  type: 'image',
  title: 'Image',
  description: 'A picture, from an https `url` or an uploaded `assetId` (exactly one), with alt text.',
  schema: z
    .strictObject({
      url: httpsUrlSchema.optional(),
      assetId: assetIdSchema.optional(),
      alt: z.string().max(1000).default(''),
      title: titleSchema.default(''),
    })
    .refine(hasOneSource, exactlyOneSource()),
  example: {
    type: 'image',
    position: { x: -400, y: 0 },
    size: { width: 320, height: 240 },
    rotation: 0,
    data: { url: 'https://images.example.com/whiteboard.png', alt: 'A team at a whiteboard', title: 'Kick-off' },
  },
  convertsTo: [],
  defaultSize: { width: 320, height: 240 },
  textFields: [],
  contentFields: ['title', 'alt', 'url', 'assetId'],
  text: (data) => joinLines([stringField(data, 'title'), stringField(data, 'alt')]),
});

/** An attached file (PDF, slides, spreadsheet) shown as a preview. */
export const documentType: ItemTypeDefinition = defineItemType({
  type: 'document',
  title: 'Document',
  description: 'An attached file (PDF, slides, ...) from an https `url` or an uploaded `assetId` (exactly one).',
  schema: z
    .strictObject({
      title: titleSchema.min(1),
      url: httpsUrlSchema.optional(),
      assetId: assetIdSchema.optional(),
      mimeType: z
        .string()
        .max(255)
        .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/, 'Expected a media type such as application/pdf.'),
      pageCount: z.number().int().min(1).max(100_000).optional(),
    })
    .refine(hasOneSource, exactlyOneSource()),
  example: {
    type: 'document',
    position: { x: -400, y: 400 },
    size: { width: 240, height: 320 },
    rotation: 0,
    data: {
      title: 'Market research.pdf',
      url: 'https://files.example.com/market-research.pdf',
      mimeType: 'application/pdf',
      pageCount: 12,
    },
  },
  convertsTo: [],
  defaultSize: { width: 240, height: 320 },
  textFields: [],
  contentFields: ['title', 'url', 'assetId', 'mimeType', 'pageCount'],
  text: (data) => stringField(data, 'title'),
});

/** Embedded web content (a video, a prototype) from an https URL. */
export const embedType: ItemTypeDefinition = defineItemType({
  type: 'embed',
  title: 'Embed',
  description: 'Embedded web content (video, prototype, page) from an https URL.',
  schema: z.strictObject({
    url: httpsUrlSchema,
    title: titleSchema.default(''),
    provider: z.string().max(100).optional(),
    previewUrl: httpsUrlSchema.optional(),
  }),
  example: {
    type: 'embed',
    position: { x: 800, y: 400 },
    size: { width: 480, height: 270 },
    rotation: 0,
    data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Demo video', provider: 'YouTube' },
  },
  convertsTo: [],
  defaultSize: { width: 480, height: 270 },
  minSize: { width: 40, height: 40 },
  textFields: [],
  contentFields: ['title', 'url', 'provider', 'previewUrl'],
  text: (data) => joinLines([stringField(data, 'title'), stringField(data, 'url')]),
});
