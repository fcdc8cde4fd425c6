import { z } from 'zod';
import type { Services } from '../../server/Services.js';
import { applySkillInput, createSkillInput, draftSkillInput, updateSkillInput } from '../../server/skills/skillFields.js';
import { callerGone, stopsWithCaller } from '../callerGone.js';
import { accepted, acceptedJob, prefersAsync } from '../respondAsync.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { generateResponse } from '../schemas/ai.js';
import { idParam, pageOf, pageQuery } from '../schemas/common.js';
import { skillBody, skillDraftSchema, skillListQuery, skillSchema } from '../schemas/skills.js';

const tag = 'Skills';
const skillParams = z.object({ skillId: idParam });

/** The services the skill operations use: all a route factory receives. */
export type SkillRouteServices = Pick<Services, 'skills'>;

/** Skills (SPEC "Skills", 7 operations): the curated library, custom skills, drafts and apply. */
export function skillRoutes(services: SkillRouteServices): Route[] {
  const { skills } = services;
  return [
    defineRoute({
      operationId: 'listSkills',
      method: 'GET',
      path: '/skills',
      tag,
      summary: 'List skills. Parameter `scope`; `public` is the default and is the curated library.',
      description: 'In name order (any case), cursor-paginated; `q` keeps skills whose name contains it or with a tag starting with it.',
      scope: 'skills:read',
      query: pageQuery.extend(skillListQuery.shape),
      response: pageOf(skillSchema),
      errors: ['validation_failed'],
      handler: async ({ principal, query }) => {
        const page = await skills.list(principal, query);
        return { data: page.data.map(skillBody), nextCursor: page.nextCursor };
      },
    }),
    defineRoute({
      operationId: 'createSkill',
      method: 'POST',
      path: '/skills',
      tag,
      summary: 'Create a skill (the two paid plans above basic only).',
      description:
        'The skill belongs to the caller\'s workspace: everyone in it can see and apply it. On basic: 402 `payment_required` (`error.limit` = `customSkills`); past the plan\'s cap: 402 with `error.limit` = `customSkillsPerWorkspace` (GET /me/limits). Nothing is stored on any error.',
      scope: 'skills:write',
      body: createSkillInput,
      bodyExample: {
        name: 'Sprint retro',
        description: 'Sorts sprint notes into went well, to improve and actions.',
        instructions: 'Sort each point of the sprint under went well or to improve; turn problems into action items with an owner.\nSections: Went well; To improve; Action items',
        placeholder: 'Sprint 14: Went well: smooth deploys; To improve: flaky tests',
        outputType: 'section',
        tags: ['retro', 'agile'],
      },
      status: 201,
      response: skillSchema,
      errors: ['validation_failed', 'payment_required'],
      handler: async ({ principal, body }) => skillBody(await skills.create(principal, body)),
    }),
    defineRoute({
      operationId: 'draftSkill',
      method: 'POST',
      path: '/skills/draft',
      tag,
      summary: 'Returns a draft (name, description, system prompt, placeholder, tags) for a description and an output type.',
      description:
        'Nothing is stored: POST the draft to /skills to keep it. The builtin provider drafts from a template built on the description\'s own words. Costs 1 credit (GET /me/credits), reserved before the provider is called and given back when it fails; out of credits: 402 `payment_required`.' + stopsWithCaller,
      scope: 'skills:write',
      body: draftSkillInput,
      bodyExample: { description: 'Turn interview notes into the pains and gains of a customer', outputType: 'section' },
      response: skillDraftSchema,
      errors: ['validation_failed', 'payment_required', 'ai_unavailable', 'ai_output_invalid'],
      handler: async ({ principal, body, ctx }) => skills.draft(principal, body, callerGone(ctx)),
    }),
    defineRoute({
      operationId: 'getSkill',
      method: 'GET',
      path: '/skills/{skillId}',
      tag,
      summary: 'Get a skill.',
      description: "Skills of the curated library and of the caller's workspace; any other is 404.",
      scope: 'skills:read',
      params: skillParams,
      response: skillSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => skillBody(await skills.get(principal, params.skillId)),
    }),
    defineRoute({
      operationId: 'updateSkill',
      method: 'PATCH',
      path: '/skills/{skillId}',
      tag,
      summary: 'Update a skill you made.',
      description: "Workspace owners and admins may change any skill of the workspace. A skill of the curated library is 403 `forbidden`; another person's skill is 404.",
      scope: 'skills:write',
      params: skillParams,
      body: updateSkillInput,
      bodyExample: { name: 'Sprint retrospective', tags: ['retro', 'agile', 'team'] },
      response: skillSchema,
      errors: ['not_found', 'forbidden', 'validation_failed'],
      handler: async ({ principal, params, body }) => skillBody(await skills.update(principal, params.skillId, body)),
    }),
    defineRoute({
      operationId: 'deleteSkill',
      method: 'DELETE',
      path: '/skills/{skillId}',
      tag,
      summary: 'Delete a skill you made.',
      description: "Workspace owners and admins may delete any skill of the workspace. A skill of the curated library is 403 `forbidden`; another person's skill is 404.",
      scope: 'skills:write',
      params: skillParams,
      response: null,
      errors: ['not_found', 'forbidden'],
      handler: async ({ principal, params }) => {
        await skills.delete(principal, params.skillId);
      },
    }),
    defineRoute({
      operationId: 'applySkill',
      method: 'POST',
      path: '/boards/{boardId}/skills/{skillId}/apply',
      tag,
      summary: "Generation with the skill's instructions appended to the prompt and the output type forced.",
      description:
        "Needs `ai:write` and edit rights on the board (editors and above; an unlocked board, or admin). The skill is one of the curated library or of the caller's workspace (else 404). The result is placed in free space near `position` and written as one transaction (one update, one broadcast, one activity row `skill.applied`). `Prefer: respond-async` runs it as a job (202). Costs 5 credits (GET /me/credits), reserved before the provider is called and given back when it fails; out of credits: 402 `payment_required`." + stopsWithCaller + ' A job runs on whatever its caller does.',
      scope: 'ai:write',
      params: z.object({ boardId: idParam, skillId: idParam }),
      body: applySkillInput,
      bodyExample: { prompt: 'Sprint 14: Went well: smooth deploys; To improve: flaky tests', position: { x: 0, y: 600 } },
      status: 201,
      response: generateResponse,
      otherResponses: acceptedJob,
      errors: ['not_found', 'forbidden', 'validation_failed', 'payment_required', 'ai_unavailable', 'ai_output_invalid', 'ai_instruction_unsupported', 'trashed'],
      handler: async ({ principal, params, body, ctx }) => {
        const outcome = await skills.apply(principal, params.boardId, params.skillId, body, { async: prefersAsync(ctx), signal: callerGone(ctx) });
        return outcome.kind === 'done' ? outcome.value : accepted(outcome.job);
      },
    }),
  ];
}
