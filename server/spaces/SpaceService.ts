import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { BoardRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import { plans } from '../accounts/plans.js';
import { planCapError } from '../accounts/planCap.js';
import type { AccessService } from '../access/AccessService.js';
import { roleOnBoard, roleOnSpace } from '../access/grants.js';
import type { Role } from '../access/roles.js';
import { atLeast, boardPermissions, spacePermissions } from '../access/roles.js';
import type { Principal } from '../auth/Principal.js';
import { pageArray } from '../boards/pageArray.js';
import { longestRetentionMs, nextPosition, purgeAt } from '../boards/trashRules.js';
import { errors } from '../errors.js';
import type { PlannedActivity, PlannedRecordEvent, RecordEventJournal, RecordPlan } from '../boards/RecordEventJournal.js';
import type { Page } from '../pagination.js';

/** Ids of the two built-in spaces: boards in no space, and everything in trash. */
export const builtInSpaceIds = ['default', 'trash'] as const;
/** A built-in space id. */
export type BuiltInSpaceId = (typeof builtInSpaceIds)[number];

/** True when `id` names a built-in space. */
export function isBuiltInSpace(id: string): id is BuiltInSpaceId {
  return (builtInSpaceIds as readonly string[]).includes(id);
}

/** A space as the caller sees it: a real space with the caller's role, or a built-in one. */
export interface SpaceView {
  kind: 'space' | BuiltInSpaceId;
  id: string;
  name: string;
  /** The stored space; null for built-ins. */
  space: SpaceRecord | null;
  /** The caller's role; null for built-ins. */
  role: Role | null;
  /** Active boards in the space (for `trash`: boards in trash the caller may restore). */
  boardCount: number;
  /** For `trash`: spaces in trash the caller may restore; 0 otherwise. */
  spaceCount: number;
  /** When a space in trash is purged; null while active. */
  purgeAt: number | null;
  /** True when the space belongs to another workspace than the caller's. */
  shared: boolean;
}

/** Input of `create`. */
export interface CreateSpaceInput {
  name: string;
  position?: number | undefined;
}

/** Spaces: list, create, get, rename/reorder, trash and restore (SPEC Spaces). */
export class SpaceService {
  readonly #spaces: Collection<SpaceRecord>;
  readonly #boards: Collection<BoardRecord>;
  readonly #access: AccessService;
  readonly #accounts: AccountService;
  readonly #clock: Clock;
  readonly #records: RecordEventJournal;

  /** `deps.records` journals, records and emits the boards' activity rows and events and `space.trashed` (live sync connections to its boards are rechecked). */
  constructor(db: Database, deps: { access: AccessService; accounts: AccountService; clock: Clock; records: RecordEventJournal }) {
    this.#spaces = db.collection<SpaceRecord>(boardCollections.spaces);
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#access = deps.access;
    this.#accounts = deps.accounts;
    this.#clock = deps.clock;
    this.#records = deps.records;
  }

  /** Every space the caller can see, in dashboard order: the workspace's own, shared ones, then `default` and `trash`. */
  async list(principal: Principal, options: { limit: number; cursor?: string | undefined }): Promise<Page<SpaceView>> {
    const grants = await this.#access.grants(principal.user.id);
    const active = await this.#spaces.find({ ...this.#access.readableSpacesFilter(grants), trashedAt: null });
    const own = active.filter((s) => s.workspaceId === principal.workspace.id).sort(byPosition);
    const shared = active
      .filter((s) => s.workspaceId !== principal.workspace.id)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const views: SpaceView[] = [];
    for (const space of [...own, ...shared]) {
      const role = roleOnSpace(grants, space);
      if (role !== null) views.push(await this.#view(principal, space, role));
    }
    views.push(await this.#builtIn(principal, 'default'), await this.#builtIn(principal, 'trash'));
    return pageArray(views, (v) => v.id, options);
  }

  /** Creates a space in the caller's workspace. Throws 402 when the plan's space cap is reached. */
  async create(principal: Principal, input: CreateSpaceInput): Promise<SpaceView> {
    const name = cleanName(input.name);
    const workspace = await this.#accounts.getWorkspace(principal.workspace.id);
    const cap = plans[workspace.plan].spaces;
    if (cap !== null && (await this.#spaces.count({ workspaceId: workspace.id, trashedAt: null })) >= cap) {
      throw planCapError('spaces', workspace.plan, `The ${workspace.plan} plan allows ${cap} space${cap === 1 ? '' : 's'}; upgrade to create more.`, { used: cap });
    }
    const highest = await this.#spaces.findOne({ workspaceId: workspace.id }, [['position', -1]]);
    const now = this.#clock.now();
    const space: SpaceRecord = {
      id: newId('spc'),
      workspaceId: workspace.id,
      ownerId: principal.user.id,
      name,
      position: input.position ?? nextPosition(highest?.position),
      createdAt: now,
      updatedAt: now,
      trashedAt: null,
      trashedBy: null,
    };
    await this.#spaces.insert(space);
    return this.#view(principal, space, 'owner');
  }

  /** One space (or a built-in one); 404 when the caller cannot see it. Spaces in trash are shown to those who may restore them. */
  async get(principal: Principal, spaceId: string): Promise<SpaceView> {
    if (isBuiltInSpace(spaceId)) return this.#builtIn(principal, spaceId);
    const { space, role } = await this.#access.requireSpace(principal.user.id, spaceId, 'read', { trash: 'any' });
    return this.#view(principal, space, role);
  }

  /** Renames and/or reorders a space (editor and above). */
  async update(principal: Principal, spaceId: string, input: { name?: string | undefined; position?: number | undefined }): Promise<SpaceView> {
    requireRealSpace(spaceId);
    const action = input.name !== undefined ? 'rename' : 'reorder';
    const { space, role } = await this.#access.requireSpace(principal.user.id, spaceId, action);
    const set: Partial<SpaceRecord> = { updatedAt: this.#clock.now() };
    if (input.name !== undefined) set.name = cleanName(input.name);
    if (input.position !== undefined) set.position = input.position;
    const updated = await this.#spaces.updateOne({ id: space.id, trashedAt: null }, { $set: set });
    if (!updated) throw errors.notFound('Space');
    return this.#view(principal, updated, role);
  }

  /**
   * Moves the space and every active board in it to trash (owner). The boards are remembered so
   * restore brings back exactly them. Emits `board.deleted` (`outcome: 'trashed'`, `withSpaceId`)
   * for each board, then `space.trashed`. Each board is written on its own carrying the journal
   * row's id, and its activity row and event are recorded only when that write happened.
   */
  async trash(principal: Principal, spaceId: string): Promise<{ space: SpaceRecord; boardCount: number; purgeAt: number }> {
    requireRealSpace(spaceId);
    const { space } = await this.#access.requireSpace(principal.user.id, spaceId, 'delete');
    const now = this.#clock.now();
    const boards = await this.#boards.find({ spaceId: space.id, trashedAt: null });
    const actor = { userId: principal.user.id, name: principal.user.name };
    const activity: PlannedActivity[] = [];
    const events: PlannedRecordEvent[] = [];
    for (const board of boards) {
      // Recorded when this board's own write (carrying the row) happened, live or at replay.
      const onlyIf = { collection: 'boards', id: board.id } as const;
      activity.push({ boardId: board.id, actorId: principal.user.id, action: 'board.trashed', data: { withSpaceId: space.id }, onlyIf });
      // Each board is announced as if trashed alone (webhooks, live connections), and says with which space.
      const trashedBoard: BoardRecord = { ...board, trashedAt: now, trashedBy: principal.user.id, trashedWithSpaceId: space.id };
      events.push({ type: 'board.deleted', payload: { workspaceId: board.workspaceId, boardId: board.id, actor, at: now, board: trashedBoard, outcome: 'trashed', withSpaceId: space.id }, onlyIf });
    }
    events.push({
      type: 'space.trashed',
      payload: { workspaceId: space.workspaceId, actor: { userId: principal.user.id }, at: now, spaceId: space.id, boardIds: boards.map((board) => board.id) },
      namedOnly: { field: 'boardIds', collection: 'boards' },
    });
    // The space carries the row; its boards follow it, and a replay finishes them while the space is still in trash from this very operation.
    const withSpace = { filter: { spaceId: space.id, trashedAt: null }, set: { trashedAt: now, trashedBy: principal.user.id, trashedWithSpaceId: space.id } };
    const plan: RecordPlan = {
      marked: { collection: 'spaces', id: space.id, read: space }, stored: [],
      finish: { collection: 'boards', ids: boards.map((board) => board.id), ...withSpace, when: { collection: 'spaces', filter: { id: space.id, trashedAt: now } } },
      activity, events,
    };
    let boardCount = 0;
    const trashed = await this.#records.record(plan, async (mark) => {
      const updated = await mark.update(this.#spaces, { id: space.id, trashedAt: null }, { $set: { trashedAt: now, trashedBy: principal.user.id, updatedAt: now } });
      if (!updated) throw errors.notFound('Space');
      const written = await mark.updateEach(this.#boards, boards, withSpace.filter, { $set: withSpace.set });
      // Boards that came into the space since they were read are trashed with it, without events of their own (as before).
      boardCount = written.length + (await this.#boards.updateMany(withSpace.filter, { $set: withSpace.set }));
      return updated;
    });
    const workspace = await this.#accounts.getWorkspace(space.workspaceId);
    // The boards that went with it: a board moved out of the space between the read and the write stayed.
    return { space: trashed, boardCount, purgeAt: purgeAt(now, workspace.plan) };
  }

  /**
   * Brings a space back from trash with exactly the boards that went with it (owner), on every
   * plan: SPEC's "the space and the boards that went with it return" has no plan condition, and
   * those boards were never deleted on their own. Restoring one of them alone stays a paid-plan
   * operation (`BoardService.restore`). 402 when the plan's space cap is reached. Emits
   * `board.restored` (`withSpaceId`) for each board that comes back, each written on its own
   * carrying the journal row's id, as `trash` does.
   */
  async restore(principal: Principal, spaceId: string): Promise<SpaceView & { restoredBoards: number }> {
    requireRealSpace(spaceId);
    const { space, role } = await this.#access.requireSpace(principal.user.id, spaceId, 'restore', { trash: 'trash' });
    const workspace = await this.#accounts.getWorkspace(space.workspaceId);
    const cap = plans[workspace.plan].spaces;
    if (cap !== null && (await this.#spaces.count({ workspaceId: workspace.id, trashedAt: null })) >= cap) {
      throw planCapError('spaces', workspace.plan, `The ${workspace.plan} plan allows ${cap} active space${cap === 1 ? '' : 's'}.`, { used: cap });
    }
    const now = this.#clock.now();
    const boards = await this.#boards.find({ trashedWithSpaceId: space.id });
    const actor = { userId: principal.user.id, name: principal.user.name };
    const activity: PlannedActivity[] = [];
    const events: PlannedRecordEvent[] = [];
    for (const board of boards) {
      const onlyIf = { collection: 'boards', id: board.id } as const;
      activity.push({ boardId: board.id, actorId: principal.user.id, action: 'board.restored', data: { withSpaceId: space.id }, onlyIf });
      const restoredBoard: BoardRecord = { ...board, trashedAt: null, trashedBy: null, trashedWithSpaceId: null };
      events.push({ type: 'board.restored', payload: { workspaceId: board.workspaceId, boardId: board.id, actor, at: now, board: restoredBoard, withSpaceId: space.id }, onlyIf });
    }
    // As `trash`: the space carries the row, and a replay finishes its boards while the space is still active.
    const withSpace = { filter: { trashedWithSpaceId: space.id }, set: { trashedAt: null, trashedBy: null, trashedWithSpaceId: null } };
    const plan: RecordPlan = {
      marked: { collection: 'spaces', id: space.id, read: space }, stored: [],
      finish: { collection: 'boards', ids: boards.map((board) => board.id), ...withSpace, when: { collection: 'spaces', filter: { id: space.id, trashedAt: null } } },
      activity, events,
    };
    let restoredBoards = 0;
    const restored = await this.#records.record(plan, async (mark) => {
      const updated = await mark.update(this.#spaces, { id: space.id, trashedAt: { $ne: null } }, { $set: { trashedAt: null, trashedBy: null, updatedAt: now } });
      if (!updated) throw errors.notFound('Space');
      const written = await mark.updateEach(this.#boards, boards, withSpace.filter, { $set: withSpace.set });
      restoredBoards = written.length + (await this.#boards.updateMany(withSpace.filter, { $set: withSpace.set }));
      return updated;
    });
    return { ...(await this.#view(principal, restored, role)), restoredBoards };
  }

  async #view(principal: Principal, space: SpaceRecord, role: Role): Promise<SpaceView> {
    const boardCount = await this.#boards.count(
      space.trashedAt === null ? { spaceId: space.id, trashedAt: null } : { trashedWithSpaceId: space.id },
    );
    let purge: number | null = null;
    if (space.trashedAt !== null) purge = purgeAt(space.trashedAt, (await this.#accounts.getWorkspace(space.workspaceId)).plan);
    return {
      kind: 'space',
      id: space.id,
      name: space.name,
      space,
      role,
      boardCount,
      spaceCount: 0,
      purgeAt: purge,
      shared: space.workspaceId !== principal.workspace.id,
    };
  }

  async #builtIn(principal: Principal, id: BuiltInSpaceId): Promise<SpaceView> {
    const grants = await this.#access.grants(principal.user.id);
    const base = { kind: id, id, space: null, role: null, purgeAt: null, shared: false } as const;
    if (id === 'default') {
      const boardCount = await this.#boards.count({ ...this.#access.readableBoardsFilter(grants), spaceId: null, trashedAt: null });
      return { ...base, name: id, boardCount, spaceCount: 0 };
    }
    // Past the purge time things are gone even before the sweep removes them.
    const cutoff = this.#clock.now() - longestRetentionMs();
    const [boards, spaces] = await Promise.all([
      this.#boards.find({ ...this.#access.readableBoardsFilter(grants), trashedAt: { $gt: cutoff } }),
      this.#spaces.find({ ...this.#access.readableSpacesFilter(grants), trashedAt: { $gt: cutoff } }),
    ]);
    // Boards the caller may restore one by one: their role allows it and their workspace's plan
    // has trash and restore. Boards that went with a space on basic come back with the space only.
    const mayRestore = boards.filter((b) => atLeast(roleOnBoard(grants, b), boardPermissions.restore));
    const workspaceIds = [...new Set(mayRestore.map((b) => b.workspaceId))];
    const restoring = new Set<string>();
    for (const workspaceId of workspaceIds) if (plans[(await this.#accounts.getWorkspace(workspaceId)).plan].trashAndRestore) restoring.add(workspaceId);
    return {
      ...base,
      name: id,
      boardCount: mayRestore.filter((b) => restoring.has(b.workspaceId)).length,
      spaceCount: spaces.filter((s) => atLeast(roleOnSpace(grants, s), spacePermissions.restore)).length,
    };
  }
}

function byPosition(a: SpaceRecord, b: SpaceRecord): number {
  return a.position - b.position || a.createdAt - b.createdAt || a.id.localeCompare(b.id);
}

function cleanName(name: string): string {
  const value = name.trim();
  if (value === '') throw errors.invalid('name', 'must not be empty');
  if (value.length > 200) throw errors.invalid('name', 'must be at most 200 characters');
  return value;
}

function requireRealSpace(spaceId: string): void {
  if (isBuiltInSpace(spaceId)) throw errors.conflict(`The built-in "${spaceId}" space cannot be changed.`);
}
