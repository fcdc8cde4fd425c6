import type { JobRecord } from '../../storage/schema/jobs.js';
import { ServiceError } from '../errors.js';

/** The error a cancelled job ends with; `refunded` when it held credits it never spent. */
export function cancelledError(refunded: boolean): { code: 'cancelled'; message: string } {
  const credits = refunded ? ' Nothing was written and its credits were refunded.' : '';
  return { code: 'cancelled', message: `The job was cancelled by its starter; its result says what it had done before it stopped.${credits}` };
}

/** Whether a job ended cancelled (status `canceled`, error code `cancelled`). */
export function isCancelled(job: JobRecord): boolean {
  return job.status === 'canceled';
}

/** 409 `job_finished`: the job ended before it could be cancelled. */
export function finishedError(job: JobRecord): ServiceError {
  return new ServiceError('job_finished', `The job already ${job.status === 'succeeded' ? 'succeeded' : 'failed'}; there is nothing to cancel.`, { details: { status: job.status } });
}
