import { z } from 'zod';
import type { Outcome } from '../../server/ai/AiService.js';
import type { Services } from '../../server/Services.js';
import { callerGone, stopsWithCaller } from '../callerGone.js';
import { accepted, acceptedJob, prefersAsync } from '../respondAsync.js';
import { defineRoute } from '../route.js';
import { Reply } from '../route.js';
import type { Route } from '../route.js';
import { idParam } from '../schemas/common.js';
import {
  askBody,
  askResponse,
  convertBody,
  convertResponse,
  generateBody,
  generateResponse,
  jobSchema,
  modifyBody,
  modifyResponse,
  planBody,
  planResponse,
  reviewBody,
  reviewResponse,
} from '../schemas/ai.js';

const tag = 'AI';
const boardParams = z.object({ boardId: idParam });
const aiErrors = ['not_found', 'forbidden', 'payment_required', 'ai_unavailable', 'ai_output_invalid'] as const;
const credits = (price: string): string =>
  `Costs ${price} (GET /me/credits); the credits are reserved before the provider is called and given back when the operation fails. Out of credits: 402 \`payment_required\` naming the allowance, and nothing is called.`;

/** The answer, or 202 with the job when the caller sent `Prefer: respond-async`. */
function settle<T>(outcome: Outcome<T>): T | Reply {
  return outcome.kind === 'done' ? outcome.value : accepted(outcome.job);
}

/** The services the AI operations use: all a route factory receives. */
export type AiRouteServices = Pick<Services, 'ai' | 'jobs' | 'skills'>;

/** The AI group (SPEC "AI"), item conversion, `GET /jobs/{jobId}` and its cancel. */
export function aiRoutes(services: AiRouteServices): Route[] {
  const { ai, jobs, skills } = services;
  return [
    defineRoute({
      operationId: 'aiAsk',
      method: 'POST',
      path: '/boards/{boardId}/ai/ask',
      tag,
      summary: "Answers from the board's own content (the text the outline shows) and cites the items used.",
      description: `Readers may ask. Only the text the outline shows is sent to the provider, delimited as untrusted data. ${credits('1 credit and 1 assistant message')}${stopsWithCaller}`,
      scope: 'ai:write',
      params: boardParams,
      body: askBody,
      bodyExample: { question: 'What are the open risks on this board?' },
      response: askResponse,
      errors: aiErrors,
      handler: async ({ principal, params, body, ctx }) => ai.ask(principal, params.boardId, body.question, callerGone(ctx)),
    }),
    defineRoute({
      operationId: 'aiPlan',
      method: 'POST',
      path: '/boards/{boardId}/ai/plan',
      tag,
      summary: "The planner's proposal for a prompt, without building it.",
      description: `Editors and above. Answers the items it would create as complete, validated create operations placed in free space near \`position\`; nothing is written. With \`skillId\` (a skill of the curated library or of the caller's workspace, else 404) it plans as applying that skill would: the preview of POST /boards/{boardId}/skills/{skillId}/apply, which plans again when it runs (a language model may word it differently; the builtin provider answers the same). ${credits('1 credit')}${stopsWithCaller}`,
      scope: 'ai:write',
      params: boardParams,
      body: planBody,
      bodyExample: { prompt: 'Launch plan: design review, beta, announcement', position: { x: 0, y: 400 } },
      response: planResponse,
      errors: [...aiErrors, 'trashed', 'validation_failed'],
      handler: async ({ principal, params, body, ctx }) => {
        const { skillId, ...input } = body;
        const signal = callerGone(ctx);
        return skillId === undefined ? ai.plan(principal, params.boardId, input, signal) : skills.preview(principal, params.boardId, skillId, { prompt: input.prompt, position: input.position }, signal);
      },
    }),
    defineRoute({
      operationId: 'aiGenerate',
      method: 'POST',
      path: '/boards/{boardId}/ai/generate',
      tag,
      summary: 'Turns a prompt into one or more items on the board.',
      description: `Editors and above. The plan is validated whole against the item catalogue, placed in free space near \`position\` without overlapping anything, and written as one transaction (one update, one broadcast, one activity row "via AI"). \`Prefer: respond-async\` runs it as a job (202). ${credits('5 credits')}${stopsWithCaller} A job runs on whatever its caller does.`,
      scope: 'ai:write',
      params: boardParams,
      body: generateBody,
      bodyExample: { prompt: 'Launch plan: design review, beta, announcement', position: { x: 0, y: 400 } },
      response: generateResponse,
      status: 201,
      otherResponses: acceptedJob,
      errors: [...aiErrors, 'ai_instruction_unsupported', 'trashed'],
      handler: async ({ principal, params, body, ctx }) => settle(await ai.generate(principal, params.boardId, body, { async: prefersAsync(ctx), signal: callerGone(ctx) })),
    }),
    defineRoute({
      operationId: 'aiModify',
      method: 'POST',
      path: '/boards/{boardId}/ai/modify',
      tag,
      summary: 'Rewrites one item in place from an instruction.',
      description: `Editors and above. Rewrites the item's text fields in one transaction; a locked item answers 423 \`item_locked\` before any credit is spent. The builtin provider shortens or summarises, makes bullet lists and changes case; anything else (translation included) is 422 \`ai_instruction_unsupported\`. \`Prefer: respond-async\` runs it as a job (202). ${credits('2 credits')}${stopsWithCaller} A job runs on whatever its caller does.`,
      scope: 'ai:write',
      params: boardParams,
      body: modifyBody,
      bodyExample: { itemId: 'itm_0123456789', instruction: 'shorter' },
      response: modifyResponse,
      otherResponses: acceptedJob,
      errors: [...aiErrors, 'ai_instruction_unsupported', 'trashed', 'item_locked'],
      handler: async ({ principal, params, body, ctx }) => settle(await ai.modify(principal, params.boardId, body.itemId, body.instruction, { async: prefersAsync(ctx), signal: callerGone(ctx) })),
    }),
    defineRoute({
      operationId: 'aiReview',
      method: 'POST',
      path: '/boards/{boardId}/ai/review',
      tag,
      summary: "Feedback on the board's content, scored per aspect and overall.",
      description: `Readers may review. Scores structure, clarity, completeness and connectedness (0 to 100) with feedback and the items concerned; overall is their mean. ${credits('3 credits')}${stopsWithCaller}`,
      scope: 'ai:write',
      params: boardParams,
      body: reviewBody,
      bodyExample: { aspects: ['clarity'] },
      response: reviewResponse,
      errors: aiErrors,
      handler: async ({ principal, params, body, ctx }) => ai.review(principal, params.boardId, body?.aspects, callerGone(ctx)),
    }),
    defineRoute({
      operationId: 'convertItem',
      method: 'POST',
      path: '/boards/{boardId}/items/{itemId}/convert',
      tag: 'Items',
      summary: "The AI assistant rebuilds the item's content as the target type and deletes the source unless `keepSource`.",
      description: `Editors and above. Only types in the source type's \`convertsTo\`. Only content moves: the source type's \`contentFields\` (text, titles, list entries, urls); its style (colours, alignment, shape kind, font size) stays behind and the new item gets its own type's defaults. The new item and the deletion of the source land in one transaction. A locked source answers 423 \`item_locked\` (before any credit is spent) unless \`keepSource\`. \`Prefer: respond-async\` runs it as a job (202). ${credits('2 credits')}${stopsWithCaller} A job runs on whatever its caller does.`,
      scope: 'ai:write',
      params: z.object({ boardId: idParam, itemId: idParam }),
      body: convertBody,
      bodyExample: { targetType: 'text', keepSource: false },
      response: convertResponse,
      status: 201,
      otherResponses: acceptedJob,
      errors: [...aiErrors, 'ai_instruction_unsupported', 'trashed', 'item_locked'],
      handler: async ({ principal, params, body, ctx }) => settle(await ai.convert(principal, params.boardId, params.itemId, body, { async: prefersAsync(ctx), signal: callerGone(ctx) })),
    }),
    defineRoute({
      operationId: 'getJob',
      method: 'GET',
      path: '/jobs/{jobId}',
      tag: 'Jobs',
      summary: 'Get a job.',
      description: 'Only the person who started the job sees it (404 for anyone else).',
      scope: 'ai:write',
      params: z.object({ jobId: idParam }),
      response: jobSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => jobs.get(principal, params.jobId),
    }),
    defineRoute({
      operationId: 'cancelJob',
      method: 'POST',
      path: '/jobs/{jobId}/cancel',
      tag: 'Jobs',
      summary: 'Cancel a job.',
      description:
        'Only the person who started the job may cancel it (404 for anyone else). A queued job never runs; a running one stops at its next step (an import between two chunks, never within one; AI work aborts the provider call and writes nothing, its credits refunded). The job ends `canceled` with error code `cancelled`, its `result` saying what it had done (an import: `applied` and `itemIds` so far). Answers 202 with the job as GET shows it: already ended, or still `running` while the process that runs it hears the cancel (poll GET /jobs/{jobId}); 200 when it had already ended cancelled (cancelling twice changes nothing). A job that already succeeded or failed otherwise answers 409 `job_finished` and is left as it is.',
      scope: 'ai:write',
      params: z.object({ jobId: idParam }),
      response: jobSchema,
      otherResponses: { 202: { description: 'The cancel was taken: the job as it is now (ended `canceled`, or `running` until the process that runs it stops it).', schema: jobSchema } },
      errors: ['not_found', 'job_finished'],
      handler: async ({ principal, params }) => {
        const { already, job } = await jobs.cancel(principal, params.jobId);
        return already ? job : new Reply(202, job);
      },
    }),
  ];
}
