import { z } from 'zod';
import { contentOfItem, geometryLimits } from '../../crdt/index.js';
import { withThousandsCommas } from '../thousands.js';

/** Bounds of AI requests, in characters. */
export const aiLimits = {
  /** Longest `question` of ask. */
  maxQuestionLength: 2000,
  /** Longest `prompt` of plan, generate and skill apply. */
  maxPromptLength: 4000,
  /** Longest `instruction` of modify. */
  maxInstructionLength: 1000,
  /** Most board text sent to a provider with one request; longer boards are cut at an item boundary. */
  maxBoardTextLength: 60_000,
  /** Most items one plan may create (one batch). */
  maxPlannedItems: 100,
} as const;

const coordinate = z.number().min(-geometryLimits.maxCoordinate).max(geometryLimits.maxCoordinate);

/** `position` of generate and skill apply: where a generated group goes (`findFreeSpot`). */
export const placementPositionSchema = z
  .strictObject({ x: coordinate, y: coordinate })
  .optional()
  .describe(
    `Where to put the new items: they go in the free space nearest this point (default 0,0) without overlapping anything, wholly inside the coordinate range of the board (±${withThousandsCommas(geometryLimits.maxCoordinate)}).`,
  );

/**
 * Output types the generator knows: the item types it lays out as a group, and the
 * composites `mind_map` (connected shapes) and `kanban` (sections as columns with cards).
 */
export const outputTypes = ['sticky_note', 'card', 'text', 'shape', 'section', 'table', 'doc', 'mind_map', 'kanban'] as const;
/** An output type of plan, generate and skills. */
export type OutputType = (typeof outputTypes)[number];

/** Aspects a review scores. */
export const reviewAspects = ['structure', 'clarity', 'completeness', 'connectedness'] as const;
/** A review aspect. */
export type ReviewAspect = (typeof reviewAspects)[number];

/** An item's text as the outline shows it, one passage per item. */
export interface Passage {
  readonly itemId: string;
  readonly type: string;
  readonly text: string;
}

/** What a review looks at: every item with its type, text, section and links. */
export interface ReviewItem {
  readonly id: string;
  readonly type: string;
  readonly text: string;
  readonly sectionId: string | null;
  /** Connectors: the ids of both ends. */
  readonly from?: string;
  readonly to?: string;
  /** Comments: still open. */
  readonly open?: boolean;
}

/** The structured form of each AI job; the builtin provider works from it, the openai provider from its prompts. */
export type AiTask =
  | { readonly kind: 'ask'; readonly question: string; readonly passages: readonly Passage[] }
  | {
      readonly kind: 'plan';
      readonly prompt: string;
      readonly outputType: OutputType;
      /** A skill's instructions, appended to the prompt. */
      readonly instructions?: string;
    }
  | {
      readonly kind: 'modify';
      readonly instruction: string;
      readonly itemType: string;
      /** The item's text fields (name -> text). */
      readonly fields: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'review'; readonly aspects: readonly ReviewAspect[]; readonly items: readonly ReviewItem[] }
  | {
      readonly kind: 'convert';
      readonly sourceType: string;
      readonly sourceData: Readonly<Record<string, unknown>>;
      readonly sourceText: string;
      readonly targetType: string;
    }
  | { readonly kind: 'draftSkill'; readonly description: string; readonly outputType: OutputType };

/**
 * The convert task for an item: the provider sees only the item's content (its type's content
 * fields and text), never its style, so colours, alignment or shape kinds cannot reach the new item.
 */
export function convertTask(source: { readonly type: string; readonly data: Readonly<Record<string, unknown>> }, targetType: string): AiTask {
  const content = contentOfItem(source.type, source.data);
  return { kind: 'convert', sourceType: source.type, sourceData: content.data, sourceText: content.text, targetType };
}

/** The answer of ask. */
export const askOutputSchema = z.object({
  answer: z.string().max(8000),
  citations: z.array(z.object({ itemId: z.string().max(100), quote: z.string().max(1000) })).max(20),
});

/** One item of a plan, laid out relative to the group's own origin (centres in board units). */
export const plannedItemSchema = z.object({
  ref: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).describe('A name for this item, unique in the plan; connectors name refs in data.from and data.to.'),
  type: z.string().min(1).max(64),
  x: z.number().min(-100_000).max(100_000),
  y: z.number().min(-100_000).max(100_000),
  width: z.number().positive().max(100_000).optional(),
  height: z.number().positive().max(100_000).optional(),
  data: z.record(z.string(), z.unknown()),
});
/** An item of a plan. */
export type PlannedItem = z.output<typeof plannedItemSchema>;

/** The answer of plan (and generate, which builds it). */
export const planOutputSchema = z.object({
  rationale: z.string().max(2000),
  items: z.array(plannedItemSchema).min(1).max(aiLimits.maxPlannedItems),
});
/** A plan as a provider returns it. */
export type PlanOutput = z.output<typeof planOutputSchema>;

/** The answer of modify: new text for the item's text fields. */
export const modifyOutputSchema = z.object({ fields: z.record(z.string(), z.string()) });

/** The answer of review. */
export const reviewOutputSchema = z.object({
  overall: z.number().int().min(0).max(100),
  aspects: z
    .array(
      z.object({
        name: z.string().min(1).max(50),
        score: z.number().int().min(0).max(100),
        feedback: z.string().max(2000),
        itemIds: z.array(z.string().max(100)).max(50),
      }),
    )
    .max(10),
});

/** The answer of convert: the item rebuilt as the target type (placed where the source was). */
export const convertOutputSchema = z.object({
  item: z.object({
    type: z.string().min(1).max(64),
    width: z.number().positive().max(100_000).optional(),
    height: z.number().positive().max(100_000).optional(),
    data: z.record(z.string(), z.unknown()),
  }),
});

/** The answer of a skill draft. */
export const skillDraftOutputSchema = z.object({
  name: z.string().min(1).max(100),
  description: z.string().max(500),
  instructions: z.string().min(1).max(8000),
  placeholder: z.string().max(500),
  tags: z.array(z.string().min(1).max(40)).max(10),
});

/** A skill draft as a provider returns it. */
export type SkillDraft = z.output<typeof skillDraftOutputSchema>;
