import { ServiceError } from '../errors.js';
import type { PlanLimits, PlanName } from './plans.js';
import { plans } from './plans.js';

/** A limit of the plan table, by its name in `GET /me/limits`. */
export type PlanLimitName = keyof PlanLimits;

/**
 * The one error of every plan cap: 402 `payment_required` whose envelope always carries
 * `limit` (the name of the limit in `GET /me/limits`), `plan` (the workspace's plan) and `max`
 * (that limit's value on the plan: a number, `false` for a feature the plan lacks, null for no
 * limit), plus `used` when something was counted and `resetsAt` for monthly allowances.
 */
export function planCapError(
  limit: PlanLimitName,
  plan: PlanName,
  message: string,
  extra: { used?: number; resetsAt?: string } = {},
): ServiceError {
  return new ServiceError('payment_required', message, { details: { limit, plan, max: plans[plan][limit], ...extra } });
}
