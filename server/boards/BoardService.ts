import type { Clock, Collection, Database, Filter } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { BoardRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { AccessService } from '../access/AccessService.js';
import { requireUnlocked } from '../access/AccessService.js';
import { roleOnBoard } from '../access/grants.js';
import type { BoardAction, Role } from '../access/roles.js';
import { atLeast, boardPermissions } from '../access/roles.js';
import type { Principal } from '../auth/Principal.js';
import { errors } from '../errors.js';
import type { BoardEventBase } from '../events/eventTypes.js';
import type { Page } from '../pagination.js';
import type { BoardPurger } from './BoardPurger.js';
import type { BoardDocuments } from './BoardDocuments.js';
import { boardEventBase, cleanDescription, cleanTitle } from './boardFields.js';
import { moveTarget } from './boardMoves.js';
import { boardPage, type BoardSort } from './boardQueries.js';
import { BoardTrash, type DeleteBoardResult } from './BoardTrash.js';
import { boardViews, type BoardView } from './boardViews.js';
import type { RecordEventJournal } from './RecordEventJournal.js';
import { longestRetentionMs, nextPosition } from './trashRules.js';

export type { BoardView } from './boardViews.js';
export type { DeleteBoardResult } from './BoardTrash.js';

/** Input of `create`. */
export interface CreateBoardInput {
  title?: string | undefined;
  description?: string | undefined;
  /** A space id, or `default` / omitted for the built-in default space. */
  spaceId?: string | undefined;
  position?: number | undefined;
}

/** Input of `update`: every field optional, at least one present. */
export interface UpdateBoardInput {
  title?: string | undefined;
  description?: string | undefined;
  locked?: boolean | undefined;
  position?: number | undefined;
  /** Target space id, or `default`. */
  spaceId?: string | undefined;
}

/** Boards: list, create, recent, get, rename/lock/reorder/move, delete and restore (SPEC Boards). */
export class BoardService {
  readonly #boards: Collection<BoardRecord>;
  readonly #access: AccessService;
  readonly #accounts: AccountService;
  readonly #documents: BoardDocuments;
  readonly #clock: Clock;
  readonly #records: RecordEventJournal;
  readonly #trash: BoardTrash;

  constructor(
    db: Database,
    deps: {
      access: AccessService;
      accounts: AccountService;
      documents: BoardDocuments;
      purger: BoardPurger;
      clock: Clock;
      /** Where the activity rows and `board.created|updated|deleted|restored|changed` of each change are journaled, recorded and emitted. */
      records: RecordEventJournal;
    },
  ) {
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#access = deps.access;
    this.#accounts = deps.accounts;
    this.#documents = deps.documents;
    this.#clock = deps.clock;
    this.#records = deps.records;
    this.#trash = new BoardTrash({
      boards: this.#boards,
      spaces: db.collection<SpaceRecord>(boardCollections.spaces),
      access: deps.access,
      accounts: deps.accounts,
      purger: deps.purger,
      clock: deps.clock,
      records: deps.records,
    });
  }

  /** Boards the caller can read, optionally in one space (`default`, `trash` or a space id), cursor-paginated. */
  async list(
    principal: Principal,
    options: { limit: number; cursor?: string | undefined; spaceId?: string | undefined; sort: BoardSort },
  ): Promise<Page<BoardView>> {
    const grants = await this.#access.grants(principal.user.id);
    const filter: Filter<BoardRecord> = { ...this.#access.readableBoardsFilter(grants), trashedAt: null };
    if (options.spaceId === 'trash') {
      // Past its purge time a board is gone even before the sweep removes it.
      filter.trashedAt = { $gt: this.#clock.now() - longestRetentionMs() };
    } else if (options.spaceId === 'default') {
      filter.spaceId = null;
    } else if (options.spaceId !== undefined) {
      const { space } = await this.#access.requireSpace(principal.user.id, options.spaceId, 'read', { grants });
      filter.spaceId = space.id;
    }
    const keep = (b: BoardRecord): boolean =>
      atLeast(roleOnBoard(grants, b), b.trashedAt === null ? boardPermissions.read : boardPermissions.restore);
    const page = await boardPage(this.#boards, filter, options, keep);
    const now = this.#clock.now();
    const views = await this.#views(page.data, (b) => roleOnBoard(grants, b) as Role);
    return { data: views.filter((v) => v.purgeAt === null || v.purgeAt > now), nextCursor: page.nextCursor };
  }

  /** The ten most recently updated active boards the caller can read. */
  async recent(principal: Principal): Promise<BoardView[]> {
    const grants = await this.#access.grants(principal.user.id);
    const rows = await this.#boards.find(
      { ...this.#access.readableBoardsFilter(grants), trashedAt: null },
      { sort: [['updatedAt', -1], ['id', -1]], limit: 10 },
    );
    return this.#views(rows, (b) => roleOnBoard(grants, b) as Role);
  }

  /**
   * Creates a board in a space (editor and above there) or in the caller's default space, with
   * its Yjs document: empty, or `options.state` (a duplicate's copy: updates that, applied in
   * order, give its state), stored before the board exists for anyone. `options.journal` is
   * called with the record between the two (`WriteEventJournal.create`); when it rejects, no
   * record is stored. Its activity row and events are journaled before its record is stored
   * (`RecordEventJournal`).
   */
  async create(principal: Principal, input: CreateBoardInput, options: { state?: readonly Uint8Array[]; journal?: (board: BoardRecord) => Promise<void> } = {}): Promise<BoardView> {
    const title = cleanTitle(input.title ?? 'Untitled board');
    const description = cleanDescription(input.description ?? '');
    let space: SpaceRecord | null = null;
    if (input.spaceId !== undefined && input.spaceId !== 'default') {
      space = (await this.#access.requireSpace(principal.user.id, input.spaceId, 'addBoards')).space;
    }
    const workspaceId = space?.workspaceId ?? principal.workspace.id;
    const highest = await this.#boards.findOne(
      space ? { spaceId: space.id } : { workspaceId, spaceId: null },
      [['position', -1]],
    );
    const now = this.#clock.now();
    const board: BoardRecord = {
      id: newId('brd'),
      workspaceId,
      ownerId: principal.user.id,
      spaceId: space?.id ?? null,
      title,
      description,
      locked: false,
      position: input.position ?? nextPosition(highest?.position),
      createdAt: now,
      updatedAt: now,
      updatedBy: principal.user.id,
      trashedAt: null,
      trashedBy: null,
      trashedWithSpaceId: null,
    };
    await this.#documents.create(board.id, options.state);
    const base = this.#base(principal, board);
    const plan = {
      boardId: board.id,
      marked: { collection: 'boards', id: board.id, read: null }, stored: [],
      activity: [{ boardId: board.id, actorId: principal.user.id, action: 'board.created', data: { title, spaceId: board.spaceId } }],
      events: [
        { type: 'board.created', payload: { ...base, board } },
        { type: 'board.changed', payload: { ...base, kind: 'record', source: 'board' } },
      ],
    } as const;
    await this.#records.record(plan, async (mark) => {
      try {
        // The events of what the board is created with (a duplicate's content), journaled before its record is stored.
        await options.journal?.(board);
        await mark.insert(this.#boards, board);
      } catch (error) {
        await this.#documents.delete(board.id);
        throw error;
      }
    });
    return { board, role: 'owner', purgeAt: null };
  }

  /** One board; a board in trash is shown (with `trashedAt` and `purgeAt`) to those who may restore it. */
  async get(principal: Principal, boardId: string): Promise<BoardView> {
    const { board, role } = await this.#access.requireBoard(principal.user.id, boardId, 'read');
    return (await this.#views([board], () => role))[0] as BoardView;
  }

  /** Renames, describes, locks, reorders and/or moves a board; each change needs its own role (rename and lock: admin). */
  async update(principal: Principal, boardId: string, input: UpdateBoardInput): Promise<BoardView> {
    const userId = principal.user.id;
    const { board, role, grants } = await this.#access.requireBoard(userId, boardId, 'read', { write: true });
    const needed: BoardAction[] = [];
    if (input.title !== undefined || input.description !== undefined) needed.push('rename');
    if (input.locked !== undefined) needed.push('lock');
    if (input.position !== undefined) needed.push('reorder');
    if (input.spaceId !== undefined) needed.push('move');
    if (needed.length === 0) throw errors.invalid('body', 'must change at least one of title, description, locked, position, spaceId');
    for (const action of needed) {
      if (!atLeast(role, boardPermissions[action])) throw errors.forbidden(`Your role on this board (${role}) does not allow ${action}.`);
    }
    if (input.locked === undefined) requireUnlocked(board, role);
    const set: Partial<BoardRecord> = {};
    const rows: { action: string; data: Record<string, string | number | boolean | null> }[] = [];
    if (input.title !== undefined) {
      set.title = cleanTitle(input.title);
      if (set.title !== board.title) rows.push({ action: 'board.renamed', data: { from: board.title, to: set.title } });
    }
    if (input.description !== undefined) {
      set.description = cleanDescription(input.description);
      if (set.description !== board.description) rows.push({ action: 'board.description_changed', data: {} });
    }
    if (input.locked !== undefined && input.locked !== board.locked) {
      set.locked = input.locked;
      rows.push({ action: input.locked ? 'board.locked' : 'board.unlocked', data: {} });
    }
    if (input.position !== undefined && input.position !== board.position) {
      set.position = input.position;
      rows.push({ action: 'board.reordered', data: { from: board.position, to: input.position } });
    }
    if (input.spaceId !== undefined) {
      const target = await moveTarget(this.#access, board, input.spaceId, grants);
      if (target !== board.spaceId) {
        set.spaceId = target;
        if (input.position === undefined) {
          const highest = await this.#boards.findOne(target ? { spaceId: target } : { workspaceId: board.workspaceId, spaceId: null }, [['position', -1]]);
          set.position = nextPosition(highest?.position);
        }
        rows.push({ action: 'board.moved', data: { fromSpaceId: board.spaceId, toSpaceId: target } });
      }
    }
    if (rows.length === 0) return (await this.#views([board], () => role))[0] as BoardView;
    const updatedAt = this.#clock.now();
    const expected: BoardRecord = { ...board, ...set, updatedAt, updatedBy: userId };
    const base = this.#base(principal, expected);
    const plan = {
      boardId: board.id,
      marked: { collection: 'boards', id: board.id, read: board }, stored: [],
      activity: rows.map((row) => ({ boardId: board.id, actorId: userId, ...row })),
      events: [
        { type: 'board.updated', payload: { ...base, board: expected, changes: Object.keys(set).sort() } },
        { type: 'board.changed', payload: { ...base, kind: 'record', source: 'board' } },
      ],
    } as const;
    const updated = await this.#records.record(plan, async (mark) => {
      const stored = await mark.update(this.#boards, { id: board.id, trashedAt: null }, { $set: { ...set, updatedAt, updatedBy: userId } });
      if (!stored) throw errors.notFound('Board');
      return stored;
    });
    // The move may change the caller's role (e.g. out of a space shared with them).
    const after = roleOnBoard(await this.#access.grants(userId), updated) ?? role;
    return (await this.#views([updated], () => after))[0] as BoardView;
  }

  /** Deletes a board (admin and above): to trash for the retention period on paid plans, for good (with its document) on basic. */
  delete(principal: Principal, boardId: string): Promise<DeleteBoardResult> {
    return this.#trash.delete(principal, boardId);
  }

  /** Brings a board back from trash (admin and above; paid plans only, 402 on basic). Its space, if gone or in trash, becomes `default`. */
  restore(principal: Principal, boardId: string): Promise<BoardView> {
    return this.#trash.restore(principal, boardId);
  }

  #base(principal: Principal, board: BoardRecord): BoardEventBase {
    return boardEventBase(principal, board, this.#clock);
  }

  #views(boards: readonly BoardRecord[], roleOf: (b: BoardRecord) => Role): Promise<BoardView[]> {
    return boardViews(this.#accounts, boards, roleOf);
  }
}
