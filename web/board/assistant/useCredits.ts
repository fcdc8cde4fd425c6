import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import type { TokenSource } from '../../api.js';

/** Remaining AI credits and assistant messages of the person's workspace this month. */
export interface Credits {
  readonly credits: number;
  readonly messages: number;
}

/** The workspace's remaining AI allowance (`GET /me/credits`), asked again whenever `version` changes; null until known. */
export function useCredits(tokens: TokenSource, version: number): Credits | null {
  const [credits, setCredits] = useState<Credits | null>(null);
  useEffect(() => {
    let live = true;
    api<{ credits: { remaining: number }; messages: { remaining: number } }>(tokens, 'GET', '/me/credits').then(
      (c) => live && setCredits({ credits: c.credits.remaining, messages: c.messages.remaining }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tokens, version]);
  return credits;
}
