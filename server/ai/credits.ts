import type { Principal } from '../auth/Principal.js';
import type { UsageService } from '../accounts/UsageService.js';

/** AI operations that cost credits. */
export type AiOperation = 'ask' | 'plan' | 'generate' | 'modify' | 'review' | 'convert' | 'skillDraft' | 'skillApply';

/**
 * The price of each AI operation in credits (and assistant messages), the same on every
 * provider and plan. `GET /me/credits` shows the monthly wallet; docs/ai.md prints this table.
 */
export const aiPrices: Readonly<Record<AiOperation, { readonly credits: number; readonly messages: number }>> = Object.freeze({
  ask: { credits: 1, messages: 1 },
  plan: { credits: 1, messages: 0 },
  generate: { credits: 5, messages: 0 },
  modify: { credits: 2, messages: 0 },
  review: { credits: 3, messages: 0 },
  convert: { credits: 2, messages: 0 },
  skillDraft: { credits: 1, messages: 0 },
  skillApply: { credits: 5, messages: 0 },
});

/** Credits held for one operation: spent at once, given back by `refund` when the operation fails. */
export interface CreditReservation {
  readonly workspaceId: string;
  readonly period: string;
  readonly credits: number;
  readonly messages: number;
}

/**
 * Reserves the price of `operation` from the caller's workspace atomically, before any provider
 * is called; throws 402 `payment_required` naming the allowance that is short, spending nothing.
 */
export async function reserveCredits(usage: UsageService, principal: Principal, operation: AiOperation): Promise<CreditReservation> {
  const price = aiPrices[operation];
  const { period } = await usage.consume(principal.workspace.id, principal.workspace.plan, price);
  return { workspaceId: principal.workspace.id, period, credits: price.credits, messages: price.messages };
}

/** Gives a reservation back (the operation failed). */
export async function refundCredits(usage: UsageService, reservation: CreditReservation): Promise<void> {
  await usage.refund(reservation.workspaceId, reservation.period, { credits: reservation.credits, messages: reservation.messages });
}
