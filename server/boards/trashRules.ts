import type { PlanName } from '../accounts/plans.js';
import { planNames, plans } from '../accounts/plans.js';

/** One day in milliseconds. */
export const dayMs = 86_400_000;

/** When something that went to trash at `trashedAt` in a workspace on `plan` is purged (SPEC: 30 days). */
export function purgeAt(trashedAt: number, plan: PlanName): number {
  return trashedAt + plans[plan].trashRetentionDays * dayMs;
}

/** The next manual position after the highest one in use (new things go last). */
export function nextPosition(highest: number | undefined): number {
  return highest === undefined ? 1024 : Math.floor(highest) + 1024;
}

/** The longest trash retention of any plan, in ms: nothing trashed longer ago than this is still restorable. */
export function longestRetentionMs(): number {
  return Math.max(...planNames.map((p) => plans[p].trashRetentionDays)) * dayMs;
}
