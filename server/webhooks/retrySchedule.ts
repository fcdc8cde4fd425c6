/**
 * Delay before each retry after a failed attempt, in ms: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h,
 * 3 h, 6 h, 12 h, 24 h, 24 h — twelve attempts over about three days (71.6 h), after which the
 * delivery fails and the webhook is disabled.
 */
export const retryDelaysMs: readonly number[] = [5e3, 30e3, 120e3, 600e3, 1_800e3, 3_600e3, 10_800e3, 21_600e3, 43_200e3, 86_400e3, 86_400e3];

/** Attempts a delivery gets in all (the first plus the retries). */
export const maxAttempts = retryDelaysMs.length + 1;

/**
 * When attempt number `attempts + 1` is due after `attempts` failures (`attempts` >= 1), or null
 * when the schedule is used up. Each delay gets ±20 % jitter so endpoints that failed together
 * do not all retry at once; `random` is injectable for tests.
 */
export function nextAttemptAt(nowMs: number, attempts: number, random: () => number = Math.random): number | null {
  const delay = retryDelaysMs[attempts - 1];
  if (delay === undefined) return null;
  return nowMs + Math.round(delay * (0.8 + 0.4 * random()));
}
