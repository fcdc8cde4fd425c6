import type { Clock, Collection, Database } from '../../storage/index.js';
import type { BoardRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import { unlessNotFound } from '../access/AccessService.js';
import type { PlanName } from '../accounts/plans.js';
import type { PlannedEvent } from '../events/eventTypes.js';
import { planNames, plans } from '../accounts/plans.js';
import type { BoardPurger } from './BoardPurger.js';
import type { RecordEventJournal } from './RecordEventJournal.js';
import { dayMs, purgeAt } from './trashRules.js';
import type { SingletonLease } from '../cluster/SingletonLease.js';

/** Options of the trash sweep. */
export interface TrashServiceOptions {
  /** How often the sweep runs, in ms; default one hour (retention is counted in days). */
  sweepIntervalMs?: number;
  /** Told about a failed sweep (the timer keeps running). */
  onError?: (error: unknown) => void;
  /** Held by the one process of several that sweeps (the others skip their sweeps); default none: this process sweeps. */
  lease?: SingletonLease;
}

/** Purges spaces and boards that stayed in trash longer than their plan's retention (SPEC: 30 days). */
export class TrashService {
  readonly #spaces: Collection<SpaceRecord>;
  readonly #boards: Collection<BoardRecord>;
  readonly #accounts: AccountService;
  readonly #purger: BoardPurger;
  readonly #clock: Clock;
  readonly #records: RecordEventJournal;
  readonly #options: TrashServiceOptions;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<{ spaces: number; boards: number }> | null = null;

  constructor(db: Database, deps: { accounts: AccountService; purger: BoardPurger; clock: Clock; records: RecordEventJournal }, options: TrashServiceOptions = {}) {
    this.#spaces = db.collection<SpaceRecord>(boardCollections.spaces);
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#accounts = deps.accounts;
    this.#purger = deps.purger;
    this.#clock = deps.clock;
    this.#records = deps.records;
    this.#options = options;
  }

  /**
   * Sweeps once at once (so nothing past its purge time survives a restart by up to an interval),
   * then periodically; the timer does not keep the process alive. `stop` waits for a running sweep.
   */
  start(): void {
    if (this.#timer) return;
    this.sweep().catch((error: unknown) => this.#options.onError?.(error));
    this.#timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.#options.onError?.(error));
    }, this.#options.sweepIntervalMs ?? 3_600_000);
    this.#timer.unref();
  }

  /** Stops the periodic sweep and waits for a running one. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
    await this.#options.lease?.release();
  }

  /**
   * Purges everything past retention now; resolves with how many spaces and boards went. One sweep
   * runs at a time; of several processes, the one holding the lease (the others purge nothing).
   */
  async sweep(): Promise<{ spaces: number; boards: number }> {
    this.#running ??= this.#sweep().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #sweep(): Promise<{ spaces: number; boards: number }> {
    if (this.#options.lease !== undefined && !(await this.#options.lease.held())) return { spaces: 0, boards: 0 };
    const now = this.#clock.now();
    const shortest = Math.min(...planNames.map((p) => plans[p].trashRetentionDays));
    const cutoff = now - shortest * dayMs;
    const planOf = new Map<string, PlanName | null>();
    const expired = async (workspaceId: string, trashedAt: number): Promise<boolean> => {
      if (!planOf.has(workspaceId)) {
        planOf.set(workspaceId, (await this.#accounts.getWorkspace(workspaceId).catch(unlessNotFound))?.plan ?? null);
      }
      const plan = planOf.get(workspaceId);
      return plan === null || plan === undefined ? true : purgeAt(trashedAt, plan) <= now;
    };
    let spaces = 0;
    let boards = 0;
    for (const space of await this.#spaces.find({ trashedAt: { $lte: cutoff } })) {
      if (space.trashedAt !== null && (await expired(space.workspaceId, space.trashedAt))) {
        const purged = await this.#boards.find({ trashedWithSpaceId: space.id });
        const stored = [{ collection: 'spaces', filter: { id: space.id }, absent: true }] as const;
        boards += await this.#records.record({ stored, events: purged.map((board) => this.#purged(board)) }, () => this.#purger.purgeSpace(space.id));
        spaces += 1;
      }
    }
    for (const board of await this.#boards.find({ trashedAt: { $lte: cutoff } })) {
      if (board.trashedAt !== null && (await expired(board.workspaceId, board.trashedAt))) {
        const stored = [{ collection: 'boards', filter: { id: board.id }, absent: true }] as const;
        await this.#records.record({ boardId: board.id, stored, events: [this.#purged(board)] }, () => this.#purger.purgeBoard(board.id));
        boards += 1;
      }
    }
    return { spaces, boards };
  }

  /** `board.deleted` for a board the sweep deleted for good, in the name of whoever had trashed it. */
  #purged(board: BoardRecord): PlannedEvent {
    return {
      type: 'board.deleted',
      payload: {
        workspaceId: board.workspaceId,
        boardId: board.id,
        actor: { userId: board.trashedBy ?? board.ownerId },
        at: this.#clock.now(),
        board,
        outcome: 'deleted',
        purged: true,
      },
    };
  }
}
