import type { RecordEventMarks } from './writeEvents.js';
import type { CollectionSpec, FieldValue } from '../Collection.js';

/** A role granted to a person on a space or board (the owner role is never granted, only held). */
export type GrantedRole = 'admin' | 'editor' | 'commenter' | 'viewer';

/** A design space: a named group of boards owned by a workspace. */
export interface SpaceRecord extends RecordEventMarks {
  id: string;
  workspaceId: string;
  /** The person who created the space; holds the `owner` role on it. */
  ownerId: string;
  name: string;
  /** Dashboard order within the workspace, ascending. */
  position: number;
  createdAt: number;
  updatedAt: number;
  /** When the space went to trash; null while active. */
  trashedAt: number | null;
  trashedBy: string | null;
}

/** A board: the record that organises a board document (the document itself lives in the document store under the same id). */
export interface BoardRecord extends RecordEventMarks {
  id: string;
  workspaceId: string;
  /** The person who created the board; holds the `owner` role on it. */
  ownerId: string;
  /** The space holding the board; null for the built-in `default` space. */
  spaceId: string | null;
  title: string;
  description: string;
  /** A locked board can be changed by admins and owners only. */
  locked: boolean;
  /** Manual order within the board's space, ascending. */
  position: number;
  createdAt: number;
  updatedAt: number;
  updatedBy: string;
  /** When the board went to trash; null while active. */
  trashedAt: number | null;
  trashedBy: string | null;
  /** The space whose deletion took this board to trash (restored with it); null otherwise. */
  trashedWithSpaceId: string | null;
}

/** A person a space is shared with. */
export interface SpaceMemberRecord extends RecordEventMarks {
  /** `<spaceId>:<userId>`. */
  id: string;
  spaceId: string;
  userId: string;
  /** Lower-cased email of the person at the time of sharing (the `{email}` path segment). */
  email: string;
  role: GrantedRole;
  addedBy: string;
  createdAt: number;
  updatedAt: number;
}

/** A person a single board is shared with directly. */
export interface BoardMemberRecord extends RecordEventMarks {
  /** `<boardId>:<userId>`. */
  id: string;
  boardId: string;
  userId: string;
  email: string;
  role: GrantedRole;
  addedBy: string;
  createdAt: number;
  updatedAt: number;
}

/** An invitation to a space or board for an email address that has no account yet; accepted at the person's first sign-in. */
export interface InvitationRecord extends RecordEventMarks {
  /** `<resourceType>:<resourceId>:<email>`: one invitation per address and resource. */
  id: string;
  resourceType: 'space' | 'board';
  resourceId: string;
  /** Normalised (lower-case) address. */
  email: string;
  role: GrantedRole;
  invitedBy: string;
  createdAt: number;
  updatedAt: number;
  /** After this time the invitation is ignored and removed. */
  expiresAt: number;
  /** When the invitation's email last went out; absent on rows stored before it was recorded. */
  sentAt?: number;
}

/** The roles a public link may grant. */
export type LinkRole = 'viewer' | 'commenter' | 'editor';

/** The public link of a space or a board (at most one each). */
export interface PublicLinkRecord extends RecordEventMarks {
  /** The id of the space or board. */
  id: string;
  resourceType: 'space' | 'board';
  /** The capability token (`bds_pl_...`); unique. Kept so admins can copy the link again. */
  token: string;
  enabled: boolean;
  role: LinkRole;
  /** The link stops working at this time; null for never. */
  expiresAt: number | null;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
}

/** One row of a board's activity feed. */
export interface ActivityRecord {
  /** Time-ordered within a process (`act_<time><seq><random>`), so sorting by id is newest-last. */
  id: string;
  boardId: string;
  /** The person who made the change; null for the system (e.g. the trash sweep). */
  actorId: string | null;
  /** What happened, `<subject>.<verb>` (e.g. `board.renamed`, `item.created`). */
  action: string;
  /** The item concerned, for item actions. */
  itemId: string | null;
  /** Facts about the change (old and new title, target space, item count...). */
  data: Record<string, FieldValue>;
  createdAt: number;
  /**
   * The change the row records, named as every process names it (a domain event's `changeKey`):
   * unique, so a change whose events are emitted twice (a journal replayed after a crash) has one
   * row. Absent on rows of changes without one.
   */
  changeKey?: string;
}

/** Collections of the boards aggregate (spaces, boards, sharing, public links, activity). */
export const boardCollections = {
  spaces: { name: 'spaces', indexes: [{ fields: ['workspaceId', 'position'] }, { fields: ['trashedAt'] }] },
  boards: {
    name: 'boards',
    indexes: [
      { fields: ['workspaceId', 'position'] },
      { fields: ['spaceId', 'position'] },
      { fields: ['ownerId'] },
      { fields: ['trashedAt'] },
      { fields: ['trashedWithSpaceId'] },
      { fields: ['updatedAt'] },
    ],
  },
  spaceMembers: { name: 'space_members', indexes: [{ fields: ['spaceId'] }, { fields: ['userId'] }] },
  boardMembers: { name: 'board_members', indexes: [{ fields: ['boardId'] }, { fields: ['userId'] }] },
  publicLinks: { name: 'public_links', indexes: [{ fields: ['token'], unique: true }] },
  activity: { name: 'board_activity', indexes: [{ fields: ['boardId', 'id'] }, { fields: ['changeKey'], unique: true }] },
  invitations: { name: 'invitations', indexes: [{ fields: ['email'] }, { fields: ['resourceType', 'resourceId'] }] },
} as const satisfies Record<string, CollectionSpec>;
