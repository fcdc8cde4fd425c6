import type { ItemView } from '../../crdt/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';

/** Who caused an event: a person (through REST, a live connection, or an OAuth app acting for them). */
export interface EventActor {
  readonly userId: string;
  /** Display name when the emitter has it at hand (REST writes do; live edits may not). */
  readonly name?: string;
}

/** Fields every domain event carries. */
export interface EventBase {
  readonly workspaceId: string;
  readonly actor: EventActor;
  /** When the change happened, epoch milliseconds from the service clock. */
  readonly at: number;
}

/** Fields of events about one board. */
export interface BoardEventBase extends EventBase {
  readonly boardId: string;
  /**
   * Set on the events of a change that may be emitted twice (a live edit; a journaled REST write
   * replayed after a crash): a name of this change that every process gives it alike, so the
   * listeners with durable rows (webhook outbox, activity feed, notifications) can recognise a
   * second emission of one change and keep one. Item events name it from the document's struct
   * ids (`itemEntryId`, `itemStateDigest`); the other events of a journaled write from its row.
   */
  readonly changeKey?: string;
}

/** Where an item change came from: one REST call, a batch of operations, or a live (WebSocket) edit. */
export type ItemChangeSource = 'rest' | 'batch' | 'live';

/** An item created, updated or deleted; `item` is the REST shape, null once deleted. */
export interface ItemEvent extends BoardEventBase {
  readonly itemId: string;
  readonly source: ItemChangeSource;
  readonly item: ItemView | null;
  /** Set on the `item.created` of each item a board duplicate copied: the board it was copied from. */
  readonly copiedFrom?: string;
}

/** What kind of change `board.changed` reports: the document (items) or the board record (title, place, ...). */
export type BoardChangeKind = 'content' | 'record';

/** The board record after a change. */
export interface BoardRecordEvent extends BoardEventBase {
  readonly board: BoardRecord;
}

/** Board member events: `scope` says whether the person was shared the board itself or a space holding it. */
export interface MemberEvent extends EventBase {
  /** Set when the change may be emitted twice (a journaled operation replayed after a crash); see `BoardEventBase.changeKey`. */
  readonly changeKey?: string;
  readonly scope: 'board' | 'space';
  /** The board or space id. */
  readonly resourceId: string;
  /** Set for board-scoped membership. */
  readonly boardId?: string;
  readonly member: { readonly userId: string; readonly role: string | null };
}

/** A job that finished. */
export interface JobEvent extends EventBase {
  readonly boardId?: string;
  readonly jobId: string;
  /** The job in its REST shape. */
  readonly job: Readonly<Record<string, unknown>>;
}

/**
 * The catalogue of domain events and their payloads. Add an event here, then emit it from the
 * service that owns the change; subscribers never reach into services.
 */
export interface DomainEventMap {
  'board.created': BoardRecordEvent;
  /** Title, description, lock, position or space changed; `changes` names the fields. */
  'board.updated': BoardRecordEvent & { readonly changes: readonly string[] };
  /**
   * To trash (`outcome: 'trashed'`) or for good (`'deleted'`); `purged` when the trash sweep deleted
   * it at the end of its retention (then `actor` is the person who had trashed it); `withSpaceId`
   * when it went to trash with its space (one event per board of the space).
   */
  'board.deleted': BoardRecordEvent & { readonly outcome: 'trashed' | 'deleted'; readonly purged?: boolean; readonly withSpaceId?: string };
  /** A board back from trash: alone, or with its space (`withSpaceId`, one event per board that went with it). */
  'board.restored': BoardRecordEvent & { readonly withSpaceId?: string };
  /**
   * A board copied whole (`POST /boards/{id}/duplicate`): `board` is the copy, `items` its items as
   * copied (read from the original in the same turn as the copied state). Emitted after the copy's
   * `board.created`, before its items' `item.created`; the copy has no `board.changed` of its own
   * for the content: subscribers that keep something per board content (search) take it from here.
   */
  'board.duplicated': BoardRecordEvent & { readonly sourceBoardId: string; readonly items: readonly ItemView[] };
  /**
   * Anything searchable or "recent" about a board changed: its content (`kind: 'content'`,
   * emitted per REST write and per live document message) or its record (`kind: 'record'`).
   */
  'board.changed': BoardEventBase & { readonly kind: BoardChangeKind; readonly source: ItemChangeSource | 'board' };
  'item.created': ItemEvent;
  /** `fields` names what a REST patch changed; `via: 'delete'` marks a comment resolved by deleting its pin. */
  'item.updated': ItemEvent & { readonly fields?: readonly string[]; readonly via?: 'delete' };
  /** `deletedWith` lists connectors deleted along with the item; `deletedBy` names the item whose deletion took this one. */
  'item.deleted': ItemEvent & { readonly deletedWith?: readonly string[]; readonly deletedBy?: string };
  /** A batch applied as one transaction (one activity row); its item events follow with `source: 'batch'`. */
  'items.batched': BoardEventBase & { readonly operations: number; readonly counts: Readonly<Record<string, number>> };
  /** A comment pin created (`kind: 'comment'`) or a reply added to one (`kind: 'reply'`). */
  /**
   * An AI write (generate, skill apply, modify, convert) stored: the activity row it records,
   * attributed to the person "via AI". Journaled with the write's other events, so a crash between
   * its update and its events still leaves one row (`changeKey`).
   */
  'ai.applied': BoardEventBase & {
    readonly action: 'ai.generated' | 'skill.applied' | 'ai.modified' | 'item.converted';
    readonly itemId: string | null;
    readonly data: Readonly<Record<string, string | number | boolean>>;
  };
  'comment.created': BoardEventBase & { readonly kind: 'comment' | 'reply'; readonly board: BoardRecord; readonly item: ItemView };
  'chat.message.created': BoardEventBase & {
    readonly message: { readonly id: string; readonly boardId: string; readonly author: { readonly id: string; readonly name: string }; readonly text: string; readonly createdAt: number };
  };
  'member.added': MemberEvent;
  'member.removed': MemberEvent;
  /** A member's role on a board or a space changed; `previousRole` is the one before. */
  'member.updated': MemberEvent & { readonly previousRole: string };
  'job.succeeded': JobEvent;
  'job.failed': JobEvent;
  /**
   * An OAuth app's connection to a person ended (disconnected under "Connected apps", revoked, or
   * cut for a security reason); `appStillConnected` when another live connection to the app remains.
   */
  'oauth.connection.ended': EventBase & { readonly userId: string; readonly clientId: string; readonly connectionId: string; readonly appStillConnected: boolean };
  /**
   * A space went to trash with its active boards (`boardIds`: those the trash wrote, which went
   * with it). Emitted after the `board.deleted` (`outcome: 'trashed'`, `withSpaceId`) of each of
   * those boards.
   */
  'space.trashed': EventBase & { readonly spaceId: string; readonly boardIds: readonly string[] };
  /** An API key was revoked (by its owner through REST or by an operator with `boards admin revoke-api-key`). */
  'api_key.revoked': EventBase & { readonly userId: string; readonly keyId: string };
  /** A space's or board's public link was enabled, reconfigured (role, expiry), rotated or disabled. */
  'public_link.updated': EventBase & { readonly resourceType: 'space' | 'board'; readonly resourceId: string; readonly enabled: boolean; readonly role: string; readonly rotated: boolean };
  /** A person was removed from a workspace (`actor` removed them). */
  'workspace.member.removed': EventBase & { readonly userId: string };
  /** A person joined a workspace with `role`. */
  'workspace.member.added': EventBase & { readonly userId: string; readonly role: string };
  /** A person's role in a workspace changed; `previousRole` is the one before (a lowered role lowers their rights on its boards). */
  'workspace.member.updated': EventBase & { readonly userId: string; readonly role: string; readonly previousRole: string };
  /** A workspace's plan changed (`boards admin set-plan`); what the plan allows (public links, trash) changes with it. */
  'workspace.plan.changed': EventBase & { readonly plan: string; readonly previousPlan: string };
  /** A person signed in (email code or an OpenID Connect provider); `created` on the sign-in that made the account. */
  'account.signed_in': EventBase & { readonly user: { readonly id: string; readonly email: string }; readonly created: boolean };
}

/** The name of a domain event. */
export type DomainEventType = keyof DomainEventMap;

/** One domain event an operation announces, typed by its type. */
export type PlannedEvent = { [K in DomainEventType]: { readonly type: K; readonly payload: DomainEventMap[K] } }[DomainEventType];

/** Every domain event name, in catalogue order. */
export const domainEventTypes = [
  'board.created',
  'board.updated',
  'board.deleted',
  'board.restored',
  'board.duplicated',
  'board.changed',
  'item.created',
  'item.updated',
  'item.deleted',
  'items.batched',
  'ai.applied',
  'comment.created',
  'chat.message.created',
  'member.added',
  'member.removed',
  'member.updated',
  'job.succeeded',
  'job.failed',
  'account.signed_in',
  'oauth.connection.ended',
  'space.trashed',
  'api_key.revoked',
  'public_link.updated',
  'workspace.member.removed',
  'workspace.member.added',
  'workspace.member.updated',
  'workspace.plan.changed',
] as const satisfies readonly DomainEventType[];
