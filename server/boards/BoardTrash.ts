import type { Clock, Collection } from '../../storage/index.js';
import type { BoardRecord, SpaceRecord } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import { plans } from '../accounts/plans.js';
import { planCapError } from '../accounts/planCap.js';
import type { AccessService } from '../access/AccessService.js';
import type { Principal } from '../auth/Principal.js';
import { errors } from '../errors.js';
import type { BoardPurger } from './BoardPurger.js';
import { boardEventBase } from './boardFields.js';
import type { BoardView } from './boardViews.js';
import type { RecordEventJournal } from './RecordEventJournal.js';
import { purgeAt } from './trashRules.js';

/** The outcome of a delete: to trash (paid plans) or gone for good (basic). */
export interface DeleteBoardResult {
  outcome: 'trashed' | 'deleted';
  board: BoardRecord;
  purgeAt: number | null;
}

/** One board to trash, for good, or back from trash (SPEC Boards: delete and restore). */
export class BoardTrash {
  readonly #boards: Collection<BoardRecord>;
  readonly #spaces: Collection<SpaceRecord>;
  readonly #access: AccessService;
  readonly #accounts: AccountService;
  readonly #purger: BoardPurger;
  readonly #clock: Clock;
  readonly #records: RecordEventJournal;

  constructor(deps: {
    boards: Collection<BoardRecord>;
    spaces: Collection<SpaceRecord>;
    access: AccessService;
    accounts: AccountService;
    purger: BoardPurger;
    clock: Clock;
    /** Where the activity rows and `board.deleted|restored` of each change are journaled, recorded and emitted. */
    records: RecordEventJournal;
  }) {
    this.#boards = deps.boards;
    this.#spaces = deps.spaces;
    this.#access = deps.access;
    this.#accounts = deps.accounts;
    this.#purger = deps.purger;
    this.#clock = deps.clock;
    this.#records = deps.records;
  }

  /** Deletes a board (admin and above): to trash for the retention period on paid plans, for good (with its document) on basic. */
  async delete(principal: Principal, boardId: string): Promise<DeleteBoardResult> {
    const { board } = await this.#access.requireBoard(principal.user.id, boardId, 'delete');
    const workspace = await this.#accounts.getWorkspace(board.workspaceId);
    if (!plans[workspace.plan].trashAndRestore) {
      const gone = { boardId: board.id, stored: [{ collection: 'boards', filter: { id: board.id }, absent: true }], events: [{ type: 'board.deleted', payload: { ...boardEventBase(principal, board, this.#clock), board, outcome: 'deleted' } }] } as const;
      await this.#records.record(gone, () => this.#purger.purgeBoard(board.id));
      return { outcome: 'deleted', board, purgeAt: null };
    }
    const now = this.#clock.now();
    const expected: BoardRecord = { ...board, trashedAt: now, trashedBy: principal.user.id, trashedWithSpaceId: null };
    const plan = {
      boardId: board.id,
      marked: { collection: 'boards', id: board.id, read: board }, stored: [],
      activity: [{ boardId: board.id, actorId: principal.user.id, action: 'board.trashed' }],
      events: [{ type: 'board.deleted', payload: { ...boardEventBase(principal, expected, this.#clock), board: expected, outcome: 'trashed' } }],
    } as const;
    const trashed = await this.#records.record(plan, async (mark) => {
      const stored = await mark.update(this.#boards, { id: board.id, trashedAt: null }, { $set: { trashedAt: now, trashedBy: principal.user.id, trashedWithSpaceId: null } });
      if (!stored) throw errors.notFound('Board');
      return stored;
    });
    return { outcome: 'trashed', board: trashed, purgeAt: purgeAt(now, workspace.plan) };
  }

  /** Brings a board back from trash (admin and above; paid plans only, 402 on basic). Its space, if gone or in trash, becomes `default`. */
  async restore(principal: Principal, boardId: string): Promise<BoardView> {
    const { board, role } = await this.#access.requireBoard(principal.user.id, boardId, 'restore', { trash: 'trash' });
    const workspace = await this.#accounts.getWorkspace(board.workspaceId);
    if (!plans[workspace.plan].trashAndRestore) {
      const withSpace = board.trashedWithSpaceId === null ? '' : ` This board went to trash with its space: POST /spaces/${board.trashedWithSpaceId}/restore brings both back on every plan.`;
      throw planCapError('trashAndRestore', workspace.plan, `Restoring boards one by one needs a paid plan; the workspace is on ${workspace.plan}.${withSpace}`);
    }
    let spaceId = board.spaceId;
    if (spaceId !== null) {
      const space = await this.#spaces.get(spaceId);
      if (!space || space.trashedAt !== null) spaceId = null;
    }
    const expected: BoardRecord = { ...board, trashedAt: null, trashedBy: null, trashedWithSpaceId: null, spaceId };
    const plan = {
      boardId: board.id,
      marked: { collection: 'boards', id: board.id, read: board }, stored: [],
      activity: [{ boardId: board.id, actorId: principal.user.id, action: 'board.restored', data: spaceId === board.spaceId ? {} : { fromSpaceId: board.spaceId, toSpaceId: spaceId } }],
      events: [{ type: 'board.restored', payload: { ...boardEventBase(principal, expected, this.#clock), board: expected } }],
    } as const;
    const restored = await this.#records.record(plan, async (mark) => {
      const stored = await mark.update(this.#boards, { id: board.id, trashedAt: { $ne: null } }, { $set: { trashedAt: null, trashedBy: null, trashedWithSpaceId: null, spaceId } });
      if (!stored) throw errors.notFound('Board');
      return stored;
    });
    return { board: restored, role, purgeAt: null };
  }
}
