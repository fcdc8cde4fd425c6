import type { UsageService } from '../accounts/UsageService.js';
import type { Principal } from '../auth/Principal.js';
import type { JobService, JobView } from '../jobs/JobService.js';
import type { AiOperation, CreditReservation } from './credits.js';
import { refundCredits, reserveCredits } from './credits.js';
import type { CreditTally } from './CreditTally.js';

/** An operation's answer, or the job running it (`Prefer: respond-async`). */
export type Outcome<T> = { readonly kind: 'done'; readonly value: T } | { readonly kind: 'job'; readonly job: JobView };

/** What `MeteredRuns` needs: the usage ledger, the jobs and the credit counters. */
export interface MeteredRunsOptions {
  usage: UsageService;
  jobs: JobService;
  credits: CreditTally;
}

/**
 * The AI's paid runs: each reserves its credits first, runs now or as a job, and gives the credits
 * back when its work fails or is cancelled.
 */
export class MeteredRuns {
  readonly #o: MeteredRunsOptions;

  constructor(options: MeteredRunsOptions) {
    this.#o = options;
  }

  /**
   * Runs `work` with credits reserved: now, or as a job when `async`; credits come back when `work`
   * fails. Run now, `work` gets the caller's `signal` (the request's connection closing): the
   * provider's call is aborted and nothing is written (`stopIfGone`).
   */
  async run<T>(
    principal: Principal,
    operation: AiOperation,
    job: { kind: string; boardId: string; async: boolean; signal?: AbortSignal | undefined },
    work: (signal: AbortSignal | undefined) => Promise<T>,
  ): Promise<Outcome<T>> {
    const reservation = await reserveCredits(this.#o.usage, principal, operation);
    this.#o.credits.spent(operation, reservation.credits);
    const guarded = async (signal: AbortSignal | undefined): Promise<T> => {
      try {
        return await work(signal);
      } catch (error) {
        await this.#refund(reservation);
        throw error;
      }
    };
    if (!job.async) return { kind: 'done', value: await guarded(job.signal) };
    try {
      return { kind: 'job', job: await this.#o.jobs.submit(principal, { kind: job.kind, boardId: job.boardId, reservation }, (signal) => guarded(signal)) };
    } catch (error) {
      await this.#refund(reservation);
      throw error;
    }
  }

  async #refund(reservation: CreditReservation): Promise<void> {
    await refundCredits(this.#o.usage, reservation);
    this.#o.credits.refunded(reservation.credits);
  }
}
