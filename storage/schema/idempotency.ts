import type { CollectionSpec } from '../Collection.js';

/**
 * Where a keyed request is: `running` (claimed by process `instanceId`, not answered yet), `done`
 * (its answer is stored and replayed), `unanswered` (it ended in a 5xx, so no answer is stored).
 */
export type IdempotencyState = 'running' | 'done' | 'unanswered';

/**
 * One `Idempotency-Key` of one credential. Claimed durably before the operation runs and given
 * its answer durably before the answer is sent, so a retry after a crash finds one or the other.
 */
export interface IdempotencyRecord {
  /** SHA-256 (hex) of the credential id and the key: the key itself is not stored. */
  id: string;
  /** SHA-256 (hex) of the method, the path and the canonical JSON body. */
  fingerprint: string;
  state: IdempotencyState;
  /** The process that claimed it: its liveness id with several processes (`ProcessLiveness`), else a random id per start. */
  instanceId: string;
  claimedAt: number;
  /** Swept at this time (claim + 24 h). */
  expiresAt: number;
  /** The board whose document carries the operation's write receipt, for operations that write only that document; else null. */
  receiptBoardId: string | null;
  /** The stored answer (`done`): status, headers as a JSON object, body as JSON text (null when it had none). */
  status: number | null;
  headers: string | null;
  body: string | null;
}

/** The collection of idempotency keys. */
export const idempotencyCollections = {
  keys: { name: 'idempotency_keys', indexes: [{ fields: ['expiresAt'] }] },
} as const satisfies Record<string, CollectionSpec>;
