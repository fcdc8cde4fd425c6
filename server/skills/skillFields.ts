import { z } from 'zod';
import { aiLimits, outputTypes, placementPositionSchema } from '../ai/aiTasks.js';

/** Bounds of a skill's fields, in characters (tags: count and length). */
export const skillLimits = {
  name: 100,
  description: 500,
  instructions: 8000,
  placeholder: 500,
  tags: 10,
  tagLength: 40,
  /** What a draft is asked for: the description of the skill wanted. */
  draftDescription: 2000,
  /** `q` of the list. */
  query: 100,
} as const;

/** Who can see a skill: the curated library (`public`), the caller's workspace (`workspace`), or the caller's own (`mine`). */
export const skillScopes = ['public', 'workspace', 'mine'] as const;
/** A skill scope. */
export type SkillScope = (typeof skillScopes)[number];

/** The output type a skill forces: an output type of plan and generate. */
export const skillOutputType = z
  .enum(outputTypes)
  .describe('The output type the generator is forced to build when the skill is applied: `sticky_note`, `card`, `text`, `shape`, `section`, `table`, `doc`, `mind_map` or `kanban`.');

const name = z.string().trim().min(1).max(skillLimits.name).describe(`Up to ${skillLimits.name} characters.`);
const description = z.string().trim().max(skillLimits.description).describe(`Up to ${skillLimits.description} characters.`);
const instructions = z
  .string()
  .trim()
  .min(1)
  .max(skillLimits.instructions)
  .describe(
    `The system prompt appended to the generator's prompt, up to ${skillLimits.instructions} characters. A line \`Sections: a; b; c\` (or \`Columns:\`, \`Branches:\`) names the headings the result is laid out under, also on the builtin provider.`,
  );
const placeholder = z.string().trim().max(skillLimits.placeholder).describe(`The prompt hint shown to a person, up to ${skillLimits.placeholder} characters.`);
const tags = z
  .array(z.string().trim().toLowerCase().min(1).max(skillLimits.tagLength))
  .max(skillLimits.tags)
  .transform((list) => [...new Set(list)])
  .describe(`Up to ${skillLimits.tags} tags of up to ${skillLimits.tagLength} characters, stored in lower case.`);

/** Body of `POST /skills`. */
export const createSkillInput = z.strictObject({
  name,
  description: description.default(''),
  instructions,
  placeholder: placeholder.default(''),
  outputType: skillOutputType,
  tags: tags.default([]),
});
/** A new skill, validated. */
export type CreateSkillInput = z.output<typeof createSkillInput>;

/** Body of `PATCH /skills/{skillId}`: at least one field. */
export const updateSkillInput = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    instructions: instructions.optional(),
    placeholder: placeholder.optional(),
    outputType: skillOutputType.optional(),
    tags: tags.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: 'must change at least one field' });
/** A change to a skill, validated. */
export type UpdateSkillInput = z.output<typeof updateSkillInput>;

/** Body of `POST /skills/draft`. */
export const draftSkillInput = z.strictObject({
  description: z.string().trim().min(1).max(skillLimits.draftDescription).describe(`What the skill should do, up to ${skillLimits.draftDescription} characters.`),
  outputType: skillOutputType,
});

/** Body of `POST /boards/{boardId}/skills/{skillId}/apply`. */
export const applySkillInput = z.strictObject({
  prompt: z.string().min(1).max(aiLimits.maxPromptLength).describe(`The person's prompt, up to ${aiLimits.maxPromptLength} characters; the skill's instructions are appended to it.`),
  position: placementPositionSchema,
});
