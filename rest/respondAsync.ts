import type { Context } from 'koa';
import type { JobView } from '../server/jobs/JobService.js';
import type { OtherResponse } from './route.js';
import { Reply } from './route.js';
import { jobSchema } from './schemas/ai.js';

/** True when the request asks to be answered at once with a job (`Prefer: respond-async`, RFC 7240 section 4.1). */
export function prefersAsync(ctx: Context): boolean {
  return ctx
    .get('Prefer')
    .split(',')
    .some((preference) => preference.split(';')[0]?.trim().toLowerCase() === 'respond-async');
}

/** The documented 202 answer of an operation that honours `Prefer: respond-async`. */
export const acceptedJob: Readonly<Record<number, OtherResponse>> = {
  202: {
    description: 'Sent `Prefer: respond-async`: the operation runs as a job; poll `Location` (GET /jobs/{jobId}) for its result.',
    schema: jobSchema,
    headers: { Location: 'The job: `/v1/jobs/{jobId}`.', 'Preference-Applied': '`respond-async`.' },
  },
};

/** 202 Accepted with the job and `Location` (RFC 7240 section 4.1). */
export function accepted(job: JobView): Reply {
  return new Reply(202, job, { Location: `/v1/jobs/${job.id}`, 'Preference-Applied': 'respond-async' });
}
