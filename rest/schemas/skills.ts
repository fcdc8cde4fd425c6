import { z } from 'zod';
import { skillScopes } from '../../server/skills/skillFields.js';
import { skillOutputType } from '../../server/skills/skillFields.js';
import type { SkillView } from '../../server/skills/SkillService.js';
import { aiMetaShape } from './ai.js';
import { iso, timestamp } from './common.js';

/** A skill. */
export const skillSchema = z
  .object({
    id: z.string().describe('`skl_pub_<name>` for the curated library, `skl_<random>` for custom skills.'),
    name: z.string(),
    description: z.string(),
    instructions: z.string().describe("The system prompt appended to the generator's prompt when the skill is applied."),
    placeholder: z.string().describe('The prompt hint shown to a person.'),
    outputType: skillOutputType,
    tags: z.array(z.string()),
    scope: z.enum(skillScopes).describe('`public`: the curated library; `workspace`: made by someone else in the caller\'s workspace; `mine`: made by the caller.'),
    createdBy: z.string().nullable().describe('The person who made it; null for the curated library.'),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Skill', description: 'A reusable AI instruction with a forced output type.' });

/** Query of `GET /skills`. */
export const skillListQuery = z.object({
  scope: z.enum(skillScopes).default('public').describe('`public` (default): the curated library; `workspace`: every skill of the caller\'s workspace; `mine`: the caller\'s own.'),
  q: z.string().max(100).optional().describe('Only skills whose name contains it or with a tag starting with it (any case).'),
});

/** Answer of `POST /skills/draft`. */
export const skillDraftSchema = z.object({
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  placeholder: z.string(),
  tags: z.array(z.string()),
  outputType: skillOutputType,
  ...aiMetaShape,
});

/** A skill view as the API shows it (ISO timestamps). */
export function skillBody(skill: SkillView): z.input<typeof skillSchema> {
  return { ...skill, createdAt: iso(skill.createdAt), updatedAt: iso(skill.updatedAt) };
}
