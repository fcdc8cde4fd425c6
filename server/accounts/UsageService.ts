import type { Clock, Collection, Database } from '../../storage/index.js';
import { DuplicateKeyError } from '../../storage/index.js';
import type { UsageRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import { planCapError } from './planCap.js';
import type { PlanName } from './plans.js';
import { plans } from './plans.js';

/** One metered allowance in the current period. */
export interface Allowance {
  limit: number;
  used: number;
  remaining: number;
}

/** The workspace's AI wallet for the current calendar month. */
export interface CreditsView {
  period: string;
  periodStart: number;
  resetsAt: number;
  credits: Allowance;
  messages: Allowance;
}

/** The UTC calendar month containing `ms`: `YYYY-MM`, its start and the next month's start. */
export function monthOf(ms: number): { period: string; start: number; end: number } {
  const d = new Date(ms);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { period: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`, start, end };
}

/**
 * AI credits and assistant messages, metered per workspace and reset monthly: each calendar
 * month (UTC) has its own usage record, so a new month starts from zero without a job.
 */
export class UsageService {
  readonly #usage: Collection<UsageRecord>;
  readonly #clock: Clock;

  constructor(db: Database, clock: Clock) {
    this.#usage = db.collection<UsageRecord>(accountCollections.usage);
    this.#clock = clock;
  }

  async #current(workspaceId: string): Promise<UsageRecord> {
    const { period } = monthOf(this.#clock.now());
    const id = `${workspaceId}:${period}`;
    const existing = await this.#usage.get(id);
    if (existing) return existing;
    const fresh: UsageRecord = { id, workspaceId, period, creditsUsed: 0, messagesUsed: 0 };
    try {
      await this.#usage.insert(fresh);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    return (await this.#usage.get(id)) ?? fresh;
  }

  /** The wallet of the workspace under its plan, for the current month. */
  async credits(workspaceId: string, plan: PlanName): Promise<CreditsView> {
    const usage = await this.#current(workspaceId);
    const { start, end } = monthOf(this.#clock.now());
    const limits = plans[plan];
    const allowance = (limit: number, used: number): Allowance => ({
      limit,
      used,
      remaining: Math.max(0, limit - used),
    });
    return {
      period: usage.period,
      periodStart: start,
      resetsAt: end,
      credits: allowance(limits.aiCreditsPerMonth, usage.creditsUsed),
      messages: allowance(limits.aiMessagesPerMonth, usage.messagesUsed),
    };
  }

  /**
   * Spends credits and messages atomically; throws 402 `payment_required` and spends nothing
   * when either allowance would go below zero.
   */
  async consume(workspaceId: string, plan: PlanName, spend: { credits: number; messages: number }): Promise<{ period: string }> {
    const usage = await this.#current(workspaceId);
    const limits = plans[plan];
    const updated = await this.#usage.updateOne(
      {
        id: usage.id,
        creditsUsed: { $lte: limits.aiCreditsPerMonth - spend.credits },
        messagesUsed: { $lte: limits.aiMessagesPerMonth - spend.messages },
      },
      { $inc: { creditsUsed: spend.credits, messagesUsed: spend.messages } },
    );
    if (!updated) {
      const current = await this.#current(workspaceId);
      const credits = current.creditsUsed + spend.credits > limits.aiCreditsPerMonth;
      throw planCapError(credits ? 'aiCreditsPerMonth' : 'aiMessagesPerMonth', plan, credits ? `The workspace's AI credits for this month are used up (${spend.credits} needed, ${Math.max(0, limits.aiCreditsPerMonth - current.creditsUsed)} left).` : `The workspace's AI assistant messages for this month are used up (${spend.messages} needed, ${Math.max(0, limits.aiMessagesPerMonth - current.messagesUsed)} left).`, {
        used: credits ? current.creditsUsed : current.messagesUsed,
        resetsAt: new Date(monthOf(this.#clock.now()).end).toISOString(),
      });
    }
    return { period: usage.period };
  }

  /** Gives back what `consume` spent in `period` (an operation that failed); never below zero. */
  async refund(workspaceId: string, period: string, spend: { credits: number; messages: number }): Promise<void> {
    const id = `${workspaceId}:${period}`;
    await this.#usage.updateOne(
      { id, creditsUsed: { $gte: spend.credits }, messagesUsed: { $gte: spend.messages } },
      { $inc: { creditsUsed: -spend.credits, messagesUsed: -spend.messages } },
    );
  }
}
