import type { RecordEventMarks } from './writeEvents.js';
import type { CollectionSpec } from '../Collection.js';

/** A person with an account. */
export interface UserRecord extends RecordEventMarks {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  name: string;
  /** When the person chose their name (PATCH /v1/me); absent while it is the one given at sign-up. */
  nameSetAt?: number;
  /** The workspace the person works in by default (their own). */
  workspaceId: string;
  createdAt: number;
}

/** A workspace and its plan. */
export interface WorkspaceRecord extends RecordEventMarks {
  id: string;
  name: string;
  plan: 'basic' | 'pro' | 'business';
  ownerId: string;
  createdAt: number;
  /** Notification settings of the workspace (see `NotificationSettings`). */
  notificationSettings: {
    emailEnabled: boolean;
    events: { comments: boolean; replies: boolean; shares: boolean; boardUpdates: boolean };
  };
}

/** A person's membership of a workspace. */
export interface MembershipRecord extends RecordEventMarks {
  /** `<workspaceId>:<userId>`. */
  id: string;
  workspaceId: string;
  userId: string;
  role: 'owner' | 'admin' | 'member';
  createdAt: number;
}

/** Metered AI usage of a workspace in one calendar month (UTC); a new month starts at zero. */
export interface UsageRecord {
  /** `<workspaceId>:<YYYY-MM>`. */
  id: string;
  workspaceId: string;
  period: string;
  creditsUsed: number;
  messagesUsed: number;
}

/** A notification for one person. */
export interface NotificationRecord {
  id: string;
  userId: string;
  workspaceId: string;
  kind: 'comment' | 'reply' | 'share' | 'board_update' | 'mention' | 'webhook_disabled';
  title: string;
  body: string;
  boardId: string | null;
  itemId: string | null;
  actorId: string | null;
  createdAt: number;
  readAt: number | null;
  /**
   * The notification's way into a digest email: `pending` until the next digest of its person,
   * then `emailed` (with `digestId`) or `skipped` (read by then, emails off, or access lost).
   * Absent on rows stored before notification emails existed, which are never emailed.
   */
  emailState?: 'pending' | 'emailed' | 'skipped';
  /** The digest that carried it, once `emailed`. */
  digestId?: string | null;
  /**
   * The change that caused it, named as every process names it (a domain event's `changeKey`):
   * unique per person, so a change whose events are emitted twice (a journal replayed after a
   * crash) notifies each person once. Absent on notifications of changes without one.
   */
  changeKey?: string;
}

/** A person's connection to a third-party source. */
export interface SourceConnectionRecord {
  /** `<userId>:<sourceId>`. */
  id: string;
  userId: string;
  sourceId: string;
  /** The account at the source, as shown to the person (e.g. an email). */
  accountLabel: string;
  connectedAt: number;
}

/** An API key; only the SHA-256 digest of the secret is kept. */
export interface ApiKeyRecord {
  id: string;
  userId: string;
  workspaceId: string;
  name: string;
  scopes: string[];
  /** Hex SHA-256 of the whole key; unique. */
  digest: string;
  /** Last four characters of the key, for recognising it in lists. */
  lastFour: string;
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
  revokedAt: number | null;
}

/** Collections of the accounts aggregate. */
export const accountCollections = {
  users: { name: 'users', indexes: [{ fields: ['email'], unique: true }] },
  workspaces: { name: 'workspaces', indexes: [{ fields: ['ownerId'] }] },
  memberships: { name: 'memberships', indexes: [{ fields: ['userId'] }, { fields: ['workspaceId'] }] },
  usage: { name: 'usage' },
  notifications: {
    name: 'notifications',
    indexes: [{ fields: ['userId', 'createdAt'] }, { fields: ['emailState', 'createdAt'] }, { fields: ['userId', 'changeKey'], unique: true }],
  },
  sourceConnections: { name: 'source_connections', indexes: [{ fields: ['userId'] }] },
  apiKeys: { name: 'api_keys', indexes: [{ fields: ['digest'], unique: true }, { fields: ['userId', 'createdAt'] }] },
} as const satisfies Record<string, CollectionSpec>;
