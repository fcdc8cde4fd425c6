import type { CollectionSpec } from '../Collection.js';

/** What an access change is about; `subject` is that thing's id. */
export type AccessChangeKind = 'user' | 'board' | 'credential' | 'link' | 'workspace';

/**
 * One change to who may read or write boards (a role, a board's place or lock, a revoked
 * credential, a public link, a workspace's plan), written by the process that made it so that
 * every server process sharing the store rechecks the live connections it affects. Kept a few
 * minutes, then pruned.
 */
export interface AccessChangeRecord {
  /** `acc_<time-ordered>`. */
  id: string;
  /** When the change was recorded, epoch ms (the order readers follow). */
  at: number;
  /** The process that recorded it (it has already acted on it). */
  origin: string;
  kind: AccessChangeKind;
  /** The user id (`user`), board id (`board`), credential id (`credential`: API key id or OAuth connection id) public link id (`link`: the space or board id) or workspace id (`workspace`: its plan changed, which touches every board of it). */
  subject: string;
}

/** Collections of the access change feed. */
export const accessChangeCollections = {
  changes: { name: 'access_changes', indexes: [{ fields: ['at'] }] },
} as const satisfies Record<string, CollectionSpec>;
