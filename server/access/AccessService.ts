import type { Clock, Collection, Database, Filter } from '../../storage/index.js';
import { batchedFind, findTogether } from '../../storage/index.js';
import type {
  BoardMemberRecord,
  BoardRecord,
  PublicLinkRecord,
  SpaceMemberRecord,
  SpaceRecord,
} from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { accountFinds } from '../accounts/accountFinds.js';
import type { AccountService } from '../accounts/AccountService.js';
import { plans } from '../accounts/plans.js';
import { purgeAt } from '../boards/trashRules.js';
import { errors, ServiceError } from '../errors.js';
import type { UserGrants } from './grants.js';
import { roleOnBoard, roleOnSpace } from './grants.js';
import type { BoardAction, PublicLinkRole, Role, SpaceAction } from './roles.js';
import { atLeast, boardPermissions, spacePermissions } from './roles.js';

/** Prefix of public link tokens (the service prefix `bds_` + `pl_`). */
export const publicLinkTokenPrefix = 'bds_pl_';

/**
 * Whether trashed resources are looked at. For boards, `any` (the default) is the one trash rule:
 * a board in trash is readable (with `trashedAt` set) by those who may restore it, read-only, and
 * every write answers 409 `trashed`. `active` hides trashed ones (404); `trash` wants them
 * (409 `conflict` for an active one). Spaces default to `active`.
 */
export type TrashMode = 'active' | 'any' | 'trash';

/** What a person may do with one board; what the realtime layer asks before opening a connection. */
export interface BoardAccess {
  board: BoardRecord;
  role: Role;
  canRead: boolean;
  /** May add comments (commenter and above). */
  canComment: boolean;
  /** May change the document (editor and above; admin and above while the board is locked). */
  canEdit: boolean;
}

/** What a public link token grants on one board. */
export interface PublicLinkAccess {
  boardId: string;
  role: PublicLinkRole;
  /** The space or board whose link the token is. */
  via: { resourceType: 'space' | 'board'; id: string };
  /** When the link stops working by itself, epoch ms; null when it does not expire. */
  expiresAt: number | null;
  /** The workspace holding the board: its plan decides whether public links work. */
  workspaceId: string;
}

/**
 * Who may do what with spaces and boards: every operation asks here. Unreadable and unknown
 * resources both answer 404 (a person never learns that a board they cannot read exists);
 * readable ones the caller's role does not cover answer 403 `forbidden`.
 */
export class AccessService {
  readonly #db: Database;
  readonly #accounts: AccountService;
  readonly #clock: Clock;
  readonly #spaces: Collection<SpaceRecord>;
  readonly #boards: Collection<BoardRecord>;
  readonly #links: Collection<PublicLinkRecord>;

  constructor(db: Database, accounts: AccountService, clock: Clock) {
    this.#db = db;
    this.#accounts = accounts;
    this.#clock = clock;
    this.#spaces = db.collection<SpaceRecord>(boardCollections.spaces);
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#links = db.collection<PublicLinkRecord>(boardCollections.publicLinks);
  }

  /** Loads everything that gives the person rights (four small finds, one round trip where the store batches them). */
  async grants(userId: string): Promise<UserGrants> {
    return (await this.#readGrants(userId)).grants;
  }

  /** The person's grants and, with `boardId`, that board (or null), read together (one round trip where the store batches finds). */
  async #readGrants(userId: string, boardId?: string): Promise<{ grants: UserGrants; board: BoardRecord | null }> {
    const rights = [
      accountFinds.memberships(userId),
      batchedFind<SpaceMemberRecord>(boardCollections.spaceMembers, { userId }),
      batchedFind<BoardMemberRecord>(boardCollections.boardMembers, { userId }),
      batchedFind<SpaceRecord>(boardCollections.spaces, { ownerId: userId }),
    ] as const;
    const [memberships, spaceShares, boardShares, ownedSpaces, boards = []] =
      boardId === undefined
        ? await findTogether(this.#db, rights)
        : await findTogether(this.#db, [...rights, batchedFind<BoardRecord>(boardCollections.boards, { id: boardId }, { limit: 1 })] as const);
    const grants: UserGrants = {
      userId,
      workspaceRoles: new Map(memberships.map((m) => [m.workspaceId, m.role])),
      spaceRoles: new Map(spaceShares.map((m) => [m.spaceId, m.role])),
      boardRoles: new Map(boardShares.map((m) => [m.boardId, m.role])),
      ownedSpaceIds: new Set(ownedSpaces.map((s) => s.id)),
    };
    return { grants, board: boards[0] ?? null };
  }

  /** The board with this id (or null) and, unless `given`, the person's grants, read together. */
  async #boardAndGrants(userId: string, boardId: string, given?: UserGrants): Promise<{ board: BoardRecord | null; grants: UserGrants }> {
    if (given !== undefined) return { board: await this.#boards.get(boardId), grants: given };
    return this.#readGrants(userId, boardId);
  }

  /** A filter matching every board the person has some role on (trash state not included). */
  readableBoardsFilter(grants: UserGrants): Filter<BoardRecord> {
    return {
      $or: [
        { workspaceId: { $in: [...grants.workspaceRoles.keys()] } },
        { spaceId: { $in: [...grants.spaceRoles.keys(), ...grants.ownedSpaceIds] } },
        { id: { $in: [...grants.boardRoles.keys()] } },
        { ownerId: grants.userId },
      ],
    };
  }

  /** A filter matching every space the person has some role on (trash state not included). */
  readableSpacesFilter(grants: UserGrants): Filter<SpaceRecord> {
    return {
      $or: [
        { workspaceId: { $in: [...grants.workspaceRoles.keys()] } },
        { id: { $in: [...grants.spaceRoles.keys()] } },
        { ownerId: grants.userId },
      ],
    };
  }

  /** The person's role on an active board; null when the board is unknown, in trash, or not theirs to read. */
  async boardRole(userId: string, boardId: string): Promise<Role | null> {
    return (await this.boardAccess(userId, boardId))?.role ?? null;
  }

  /** The person's rights on an active board, or null when they cannot read it. For the realtime layer. */
  async boardAccess(userId: string, boardId: string): Promise<BoardAccess | null> {
    const { board, grants } = await this.#boardAndGrants(userId, boardId);
    if (!board || board.trashedAt !== null) return null;
    const role = roleOnBoard(grants, board);
    return role === null ? null : describeAccess(board, role);
  }

  /** True when the person may read the active board. */
  async canRead(userId: string, boardId: string): Promise<boolean> {
    return (await this.boardAccess(userId, boardId))?.canRead ?? false;
  }

  /** True when the person may change the board's document (see `BoardAccess.canEdit`). */
  async canWrite(userId: string, boardId: string): Promise<boolean> {
    return (await this.boardAccess(userId, boardId))?.canEdit ?? false;
  }

  /**
   * The board and the caller's role, when the role allows `action`. Throws 404 when the board
   * is unknown, unreadable, past its purge time, or in trash and the caller may not restore it;
   * 403 when readable but the role is too low; 409 `trashed` when the board is in trash and the
   * action (or `write`) changes it; 409 `conflict` when `trash: 'trash'` and the board is active.
   */
  async requireBoard(
    userId: string,
    boardId: string,
    action: BoardAction,
    options: { trash?: TrashMode; grants?: UserGrants; write?: boolean } = {},
  ): Promise<{ board: BoardRecord; role: Role; grants: UserGrants }> {
    const { board, grants } = await this.#boardAndGrants(userId, boardId, options.grants);
    if (!board) throw errors.notFound('Board');
    const role = roleOnBoard(grants, board);
    const mode = options.trash ?? 'any';
    if (board.trashedAt !== null) {
      if (mode === 'active' || !atLeast(role, boardPermissions.restore)) throw errors.notFound('Board');
      if (await this.#pastPurge(board.workspaceId, board.trashedAt)) throw errors.notFound('Board');
    }
    if (role === null || !atLeast(role, boardPermissions.read)) throw errors.notFound('Board');
    if (!atLeast(role, boardPermissions[action])) throw errors.forbidden(forbiddenMessage('board', action, role));
    if (mode === 'trash') {
      if (board.trashedAt === null) throw errors.conflict('The board is not in trash.');
    } else if (board.trashedAt !== null && (action !== 'read' || options.write === true)) {
      throw errors.trashed('board');
    }
    return { board, role, grants };
  }

  /** True when something a workspace put in trash at `trashedAt` is past its purge time (the sweep may not have run yet). */
  async #pastPurge(workspaceId: string, trashedAt: number): Promise<boolean> {
    const workspace = await this.#accounts.getWorkspace(workspaceId).catch(unlessNotFound);
    return workspace === null || purgeAt(trashedAt, workspace.plan) <= this.#clock.now();
  }

  /** The space and the caller's role, when the role allows `action`; errors as `requireBoard`. */
  async requireSpace(
    userId: string,
    spaceId: string,
    action: SpaceAction,
    options: { trash?: TrashMode; grants?: UserGrants } = {},
  ): Promise<{ space: SpaceRecord; role: Role; grants: UserGrants }> {
    const space = await this.#spaces.get(spaceId);
    if (!space) throw errors.notFound('Space');
    const grants = options.grants ?? (await this.grants(userId));
    const role = roleOnSpace(grants, space);
    const mode = options.trash ?? 'active';
    if (space.trashedAt !== null) {
      if (mode === 'active' || !atLeast(role, spacePermissions.restore)) throw errors.notFound('Space');
      if (await this.#pastPurge(space.workspaceId, space.trashedAt)) throw errors.notFound('Space');
    }
    if (role === null || !atLeast(role, spacePermissions.read)) throw errors.notFound('Space');
    if (!atLeast(role, spacePermissions[action])) throw errors.forbidden(forbiddenMessage('space', action, role));
    if (mode === 'trash' && space.trashedAt === null) throw errors.conflict('The space is not in trash.');
    return { space, role, grants };
  }

  /**
   * What a public link token grants on a board: the board's own link, or the link of the
   * space holding it. Null when the token is unknown, disabled, expired, or the board or space
   * is in trash. The token is presented as `Authorization: Bearer bds_pl_...` or, by browsers on
   * the sync socket, as the `token` query parameter.
   */
  async publicLinkAccess(token: string, boardId: string): Promise<PublicLinkAccess | null> {
    if (!token.startsWith(publicLinkTokenPrefix)) return null;
    const [link, board] = await Promise.all([this.#links.findOne({ token }), this.#boards.get(boardId)]);
    if (!link || !board || !link.enabled || board.trashedAt !== null) return null;
    if (link.expiresAt !== null && link.expiresAt <= this.#clock.now()) return null;
    if (link.resourceType === 'board' && link.id !== board.id) return null;
    if (link.resourceType === 'space') {
      if (board.spaceId !== link.id) return null;
      const space = await this.#spaces.get(link.id);
      if (!space || space.trashedAt !== null) return null;
    }
    const workspace = await this.#accounts.getWorkspace(board.workspaceId).catch(unlessNotFound);
    if (!workspace || !plans[workspace.plan].publicLinks) return null;
    return { boardId, role: link.role, via: { resourceType: link.resourceType, id: link.id }, expiresAt: link.expiresAt, workspaceId: workspace.id };
  }

  /** The resource a public link token opens (a board, or a space whose boards it opens), or null when it opens nothing. */
  async resolvePublicLink(token: string): Promise<{ resourceType: 'space' | 'board'; id: string; role: PublicLinkRole } | null> {
    if (!token.startsWith(publicLinkTokenPrefix)) return null;
    const link = await this.#links.findOne({ token });
    if (!link || !link.enabled || (link.expiresAt !== null && link.expiresAt <= this.#clock.now())) return null;
    const resource = link.resourceType === 'board' ? await this.#boards.get(link.id) : await this.#spaces.get(link.id);
    if (!resource || resource.trashedAt !== null) return null;
    return { resourceType: link.resourceType, id: link.id, role: link.role };
  }
}

/** The rights a role gives on a board. */
export function describeAccess(board: BoardRecord, role: Role): BoardAccess {
  const editRole = board.locked ? boardPermissions.editLocked : boardPermissions.edit;
  return {
    board,
    role,
    canRead: atLeast(role, boardPermissions.read),
    canComment: atLeast(role, boardPermissions.comment),
    canEdit: atLeast(role, editRole),
  };
}

/** Turns a 404 into null and rethrows anything else (storage failures must surface). */
export function unlessNotFound(error: unknown): null {
  if (error instanceof ServiceError && error.code === 'not_found') return null;
  throw error;
}

function forbiddenMessage(kind: 'space' | 'board', action: string, role: Role): string {
  return `Your role on this ${kind} (${role}) does not allow ${action}.`;
}

/** Throws 403 when a board is locked and the role may not change locked boards. */
export function requireUnlocked(board: BoardRecord, role: Role): void {
  if (board.locked && !atLeast(role, boardPermissions.editLocked)) {
    throw new ServiceError('forbidden', 'The board is locked; only admins and owners can change it.');
  }
}
