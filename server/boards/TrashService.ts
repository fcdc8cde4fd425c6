import type { Clock, Collection, Database } from '../../storage/index.js';
import type { BoardRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import { unlessNotFound } from '../access/AccessService.js';
import type { PlanName } from '../accounts/plans.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import { planNames, plans } from '../accounts/plans.js';
import type { BoardPurger } from './BoardPurger.js';
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
  readonly #events: DomainEvents;
  readonly #options: TrashServiceOptions;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<{ spaces: number; boards: number }> | null = null;

  constructor(db: Database, deps: { accounts: AccountService; purger: BoardPurger; clock: Clock; events: DomainEvents }, options: TrashServiceOptions = {}) {
    this.#spaces = db.collection<SpaceRecord>(boardCollections.spaces);
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#accounts = deps.accounts;
    this.#purger = deps.purger;
    this.#clock = deps.clock;
    this.#events = deps.events;
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
        boards += await this.#purger.purgeSpace(space.id);
        spaces += 1;
        for (const board of purged) await this.#purged(board);
      }
    }
    for (const board of await this.#boards.find({ trashedAt: { $lte: cutoff } })) {
      if (board.trashedAt !== null && (await expired(board.workspaceId, board.trashedAt))) {
        await this.#purger.purgeBoard(board.id);
        boards += 1;
        await this.#purged(board);
      }
    }
    return { spaces, boards };
  }

  /** `board.deleted` for a board the sweep deleted for good, in the name of whoever had trashed it. */
  async #purged(board: BoardRecord): Promise<void> {
    await this.#events.emit('board.deleted', {
      workspaceId: board.workspaceId,
      boardId: board.id,
      actor: { userId: board.trashedBy ?? board.ownerId },
      at: this.#clock.now(),
      board,
      outcome: 'deleted',
      purged: true,
    });
  }
}
