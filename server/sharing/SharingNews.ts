import type { Logger } from 'pino';
import type { BoardMessage, BusSubscription, UpdateBus } from '../../storage/index.js';
import type { InvitationService } from '../boards/InvitationService.js';
import type { DomainEvents } from '../events/DomainEvents.js';

/** That the people of a board or space changed: a member added, re-roled or removed, an invitation sent, resent, revoked or taken; or a board moved, locked, trashed or restored. */
export interface SharingChange {
  readonly kind: 'changed';
  readonly resourceType: 'board' | 'space';
  readonly resourceId: string;
}

/** That a person's rights across a workspace changed (added to it, role changed, removed): every board of it may read differently for them. */
export interface SharingPersonChange {
  readonly kind: 'person';
  readonly userId: string;
}

/** News may have been lost (the bus between processes was away): whoever follows sharing reads it again. */
export interface SharingResync {
  readonly kind: 'resync';
}

/** What `SharingNews` tells its listeners. */
export type SharingNewsItem = SharingChange | SharingPersonChange | SharingResync;

/** Board record fields whose change changes who may do what on the board, or whose people it shows (a move brings the people of another space). */
const sharingFields: ReadonlySet<string> = new Set(['spaceId', 'locked']);

/** The bus channel of sharing news: one for the whole service (sharing changes are rare), not one per board. */
export const sharingChannel = 'sharing-news';

/**
 * The news that the people of a board or space changed, from every process: gathered here from
 * the domain events (`member.*`, `board.updated` of `spaceId` or `locked`, `board.deleted`,
 * `board.restored`, `space.trashed`, `workspace.member.*` for the person) and the invitations' own changes, told to this process's
 * listeners at once and published on the cluster bus, whose messages from the other processes
 * are told the same way. The bus is lossy: when it comes back after an outage, listeners are
 * told to `resync`. News carries ids only; who may hear of what is decided by each listener
 * (`SharingWatch`), never here.
 */
export class SharingNews {
  readonly #bus: UpdateBus;
  readonly #logger: Logger;
  readonly #listeners = new Set<(item: SharingNewsItem) => void>();
  readonly #offs: (() => void)[];
  readonly #subscription: BusSubscription;
  readonly #stopListeners = new Set<() => void>();

  constructor(deps: { events: DomainEvents; invitations: InvitationService; bus: UpdateBus; logger: Logger }) {
    this.#bus = deps.bus;
    this.#logger = deps.logger;
    const { events } = deps;
    this.#offs = [
      events.onEach(['member.added', 'member.updated', 'member.removed'], (_type, event) => this.announce(event.scope, event.resourceId)),
      events.on('board.updated', (event) => (event.changes.some((field) => sharingFields.has(field)) ? this.announce('board', event.boardId) : undefined)),
      events.onEach(['board.deleted', 'board.restored'], (_type, event) => this.announce('board', event.boardId)),
      events.on('space.trashed', (event) => this.announce('space', event.spaceId)),
      events.onEach(['workspace.member.added', 'workspace.member.updated', 'workspace.member.removed'], (_type, event) => this.#spread({ kind: 'person', userId: event.userId })),
      deps.invitations.onChanged((resourceType, resourceId) => this.announce(resourceType, resourceId)),
      this.#bus.onReconnected(() => this.#tell({ kind: 'resync' })),
    ];
    this.#subscription = this.#bus.subscribe(sharingChannel, this.#onMessage);
  }

  /** Calls `listener` with each piece of news, from this process or another; returns the function that removes it. */
  listen(listener: (item: SharingNewsItem) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells this process's listeners that the people of a board or space changed, and the other processes over the bus. */
  announce(resourceType: 'board' | 'space', resourceId: string): void {
    this.#spread({ kind: 'changed', resourceType, resourceId });
  }

  #spread(item: SharingChange | SharingPersonChange): void {
    this.#tell(item);
    // Never awaited: the change is stored already, and the bus logs its own failures (lossy by contract).
    void this.#bus.publish(sharingChannel, 'sharing', new TextEncoder().encode(JSON.stringify(item)));
  }

  /** Calls `listener` once when the server stops (streams that follow sharing end then, so the stop does not wait for them). */
  onStop(listener: () => void): () => void {
    this.#stopListeners.add(listener);
    return () => this.#stopListeners.delete(listener);
  }

  /** Stops hearing news and tells `onStop` listeners. Idempotent. */
  stop(): void {
    for (const off of this.#offs.splice(0)) off();
    this.#subscription.unsubscribe();
    const stopping = [...this.#stopListeners];
    this.#stopListeners.clear();
    this.#listeners.clear();
    for (const listener of stopping) listener();
  }

  readonly #onMessage = (message: BoardMessage): void => {
    if (message.kind !== 'sharing') return;
    try {
      const parsed = JSON.parse(new TextDecoder().decode(message.payload)) as { kind?: unknown; resourceType?: unknown; resourceId?: unknown; userId?: unknown };
      if (parsed.kind === 'person' && typeof parsed.userId === 'string') this.#tell({ kind: 'person', userId: parsed.userId });
      else if (parsed.kind === 'changed' && (parsed.resourceType === 'board' || parsed.resourceType === 'space') && typeof parsed.resourceId === 'string') {
        this.#tell({ kind: 'changed', resourceType: parsed.resourceType, resourceId: parsed.resourceId });
      }
    } catch (error) {
      this.#logger.warn({ err: error, publisher: message.publisher }, 'A sharing news message could not be read; it is ignored');
    }
  };

  #tell(item: SharingNewsItem): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(item);
      } catch (error) {
        this.#logger.error({ err: error, news: item }, 'A sharing news listener failed');
      }
    }
  }
}
