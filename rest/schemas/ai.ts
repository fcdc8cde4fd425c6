import { z } from 'zod';
import { aiLimits, outputTypes, placementPositionSchema, reviewAspects } from '../../server/ai/aiTasks.js';
import { itemSchema } from './items.js';

/** Which provider answered and what it spent. */
export const aiMetaShape = {
  provider: z.string().describe('`builtin` (the embedded engine, no language model) or `openai` (an OpenAI-compatible endpoint).'),
  model: z.string(),
  usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }).describe('Tokens the provider counted (the builtin provider estimates four characters per token).'),
};

/** `outputType` of plan, generate and skills. */
export const outputTypeSchema = z
  .enum(outputTypes)
  .describe('What to build: sticky notes in a grid (`sticky_note`), `card`s, `text`, `shape`s (numbered steps are chained), a `section` with notes, a `table`, a `doc`, a `mind_map` of connected shapes, or a `kanban` of sections with cards. Default `sticky_note`.');

/** Body of `ai/ask`. */
export const askBody = z.strictObject({ question: z.string().min(1).max(aiLimits.maxQuestionLength).describe(`Up to ${aiLimits.maxQuestionLength} characters.`) });

/** Answer of `ai/ask`. */
export const askResponse = z.object({
  answer: z.string(),
  citations: z.array(z.object({ itemId: z.string(), quote: z.string() })).describe('Items the answer used, with a quote from each.'),
  ...aiMetaShape,
});

/** Body of `ai/plan` and `ai/generate`. */
export const generateBody = z.strictObject({
  prompt: z.string().min(1).max(aiLimits.maxPromptLength).describe(`Up to ${aiLimits.maxPromptLength} characters. Lines, lists, headings, numbered steps and "a, b and c" shape the result.`),
  outputType: outputTypeSchema.optional(),
  position: placementPositionSchema,
});

/** Body of `ai/plan`: a generate body, or with `skillId` the preview of applying that skill. */
export const planBody = generateBody
  .extend({
    skillId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("Plan as applying this skill would (its instructions appended, its output type forced): the preview of POST /boards/{boardId}/skills/{skillId}/apply. Not with `outputType`."),
  })
  .refine((body) => body.skillId === undefined || body.outputType === undefined, {
    path: ['outputType'],
    message: 'A skill forces its own output type: send outputType or skillId, not both.',
  });

/** A create operation of `items:batch`, as the planner proposes it. */
export const plannedCreateSchema = z.object({
  op: z.literal('create'),
  ref: z.string(),
  type: z.string(),
  position: z.object({ x: z.number(), y: z.number() }),
  size: z.object({ width: z.number(), height: z.number() }),
  data: z.record(z.string(), z.unknown()),
});

/** Answer of `ai/plan`. */
export const planResponse = z.object({
  rationale: z.string(),
  outputType: outputTypeSchema,
  items: z.array(plannedCreateSchema).describe('Complete create operations, placed and validated against the board; POST them to items:batch as they are to build the plan.'),
  ...aiMetaShape,
});

/** Answer of `ai/generate` (and skill apply). */
export const generateResponse = z.object({
  rationale: z.string(),
  outputType: outputTypeSchema,
  items: z.array(itemSchema).describe('The items created, in one transaction.'),
  ...aiMetaShape,
});

/** Body of `ai/modify`. */
export const modifyBody = z.strictObject({
  itemId: z.string().min(1).max(100),
  instruction: z.string().min(1).max(aiLimits.maxInstructionLength).describe('What to do to the text, e.g. "shorter", "as a bullet list", "title case".'),
});

/** Answer of `ai/modify`. */
export const modifyResponse = z.object({ item: itemSchema, ...aiMetaShape });

/** Body of `ai/review` (optional). */
export const reviewBody = z
  .strictObject({ aspects: z.array(z.enum(reviewAspects)).max(reviewAspects.length).optional().describe(`Aspects to score; default all: ${reviewAspects.join(', ')}.`) })
  .optional();

/** Answer of `ai/review`. */
export const reviewResponse = z.object({
  overall: z.number().int().min(0).max(100),
  aspects: z.array(z.object({ name: z.string(), score: z.number().int().min(0).max(100), feedback: z.string(), itemIds: z.array(z.string()) })),
  ...aiMetaShape,
});

/** Body of `items/{itemId}/convert`. */
export const convertBody = z.strictObject({
  targetType: z.string().min(1).max(64).describe("One of the source type's `convertsTo` (GET /item-types/{type})."),
  keepSource: z.boolean().default(false).describe('Keep the source item (the new one goes beside it); default false: the source is deleted in the same transaction.'),
});

/** Answer of `items/{itemId}/convert`. */
export const convertResponse = z.object({
  item: itemSchema,
  deletedIds: z.array(z.string()).describe('The source and connectors attached to it, when the source was deleted.'),
  ...aiMetaShape,
});

/** A job (`GET /jobs/{jobId}`, and the 202 answer of `Prefer: respond-async`). */
export const jobSchema = z.object({
  id: z.string(),
  kind: z.string().describe('The operation: `ai.generate`, `ai.modify`, `item.convert`, `skill.apply`.'),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled']),
  progress: z.number().min(0).max(1),
  result: z.unknown().describe('What the operation answers synchronously, once succeeded; null before (an import reports its progress here as it goes, and keeps it when it fails or is cancelled).'),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('An API error code; `interrupted` when the server stopped while the job ran (its credits were refunded); `cancelled` when its starter cancelled it (POST /jobs/{jobId}/cancel; `result` says what it had done).'),
  boardId: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cancelRequested: z
    .boolean()
    .describe('True once a cancel was asked (POST /jobs/{jobId}/cancel) and the job has not ended yet: a running job stops at its next step, on whichever process runs it. False once it ended, and for a job nobody cancelled.'),
});
