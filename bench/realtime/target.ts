import type { Dialect } from './protocol.js';

/** Where and how clients reach the server under test. */
export interface Target {
  dialect: Dialect;
  /** `ws://127.0.0.1:<port>` plus the sync prefix for our server (`/v1/sync`). */
  wsBase: string;
  /** API key (ours) or any string (Hocuspocus wants an auth message); empty for the others. */
  token: string;
}

/** The URL a raw socket of `board` opens (Hocuspocus multiplexes documents on `/`). */
export function socketUrl(target: Target, board: string): string {
  if (target.dialect === 'hocuspocus') return target.wsBase;
  const query = target.token === '' ? '' : `?token=${encodeURIComponent(target.token)}`;
  return `${target.wsBase}/${encodeURIComponent(board)}${query}`;
}

/** Host clock in ms since the epoch, the same clock for writers and probes (BENCHMARK "Clients"). */
export function hostNowMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition` every `everyMs` until it holds (true) or `timeoutMs` passes (false). */
export async function waitUntil(condition: () => boolean, timeoutMs: number, everyMs = 20): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (condition()) return true;
    if (performance.now() >= deadline) return false;
    await sleep(everyMs);
  }
}
