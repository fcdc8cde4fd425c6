import type { AccessService } from '../access/AccessService.js';
import type { Role } from '../access/roles.js';
import { ServiceError, errors } from '../errors.js';
import { isBuiltInSpace } from '../spaces/SpaceService.js';
import type { SharingNewsItem } from './SharingNews.js';

/** What a web page follows: the board it shows, or a space whose Share dialog is open. */
export interface SharingTarget {
  readonly resourceType: 'board' | 'space';
  readonly resourceId: string;
}

/** The person's own rights on what they follow; `role` null once they may no longer read it. */
export interface OwnAccess {
  readonly role: Role | null;
  /** On a board: may change its items (editor and above; admin and above while it is locked). */
  readonly canEdit: boolean;
  /** On a board: may comment (commenter and above). */
  readonly canComment: boolean;
}

/**
 * What a follower is told: `sharing` (the people or invitations of what it follows changed: read
 * them again), `access` (the person's own rights on it changed; with `role` null they ended, and
 * so does the following), `resync` (news may have been missed: read everything again).
 */
export type WatchMessage =
  | { readonly event: 'sharing'; readonly data: SharingTarget }
  | { readonly event: 'access'; readonly data: SharingTarget & OwnAccess }
  | { readonly event: 'resync'; readonly data: SharingTarget };

const noAccess: OwnAccess = { role: null, canEdit: false, canComment: false };

/**
 * One person following the sharing of one board or space. Each piece of news that may concern
 * it (its board, the space holding its board, its space, the person's workspace roles; or a resync) makes it read the person's
 * rights again before it says anything, so nobody hears of a board or space they can no longer
 * read: their last word is `access` with `role` null. A board's space is read again with each
 * check, so news of the space it moved to is heard. Checks run one at a time, in order.
 */
export class SharingWatch {
  readonly #access: AccessService;
  readonly #userId: string;
  readonly target: SharingTarget;
  #own: OwnAccess;
  #spaceId: string | null;
  #ended = false;
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(access: AccessService, userId: string, target: SharingTarget, own: OwnAccess, spaceId: string | null) {
    this.#access = access;
    this.#userId = userId;
    this.target = target;
    this.#own = own;
    this.#spaceId = spaceId;
  }

  /**
   * Starts following `target` for the person. Throws 404 `not_found` when they cannot read it (a
   * board in trash counts as unreadable, as on the live socket), 409 `conflict` for the built-in
   * spaces (they have no people).
   */
  static async open(access: AccessService, userId: string, target: SharingTarget): Promise<SharingWatch> {
    if (target.resourceType === 'space' && isBuiltInSpace(target.resourceId)) throw errors.conflict(`The built-in "${target.resourceId}" space has no people to follow.`);
    const { own, spaceId } = await readAccess(access, userId, target);
    if (own.role === null) throw errors.notFound(target.resourceType === 'board' ? 'Board' : 'Space');
    return new SharingWatch(access, userId, target, own, spaceId);
  }

  /** The person's rights as last read. */
  get own(): OwnAccess {
    return this.#own;
  }

  /** True once the person lost access: nothing more is said. */
  get ended(): boolean {
    return this.#ended;
  }

  /** What to tell the follower about `item` (nothing when it does not concern them); checks run in the order they were asked for. */
  hear(item: SharingNewsItem): Promise<WatchMessage[]> {
    if (this.#ended || !this.#concerns(item)) return Promise.resolve([]);
    const answer = this.#queue.then(() => this.#check(item));
    this.#queue = answer.catch(() => undefined);
    return answer;
  }

  #concerns(item: SharingNewsItem): boolean {
    if (item.kind === 'resync') return true;
    if (item.kind === 'person') return item.userId === this.#userId;
    if (item.resourceType === this.target.resourceType && item.resourceId === this.target.resourceId) return true;
    return this.target.resourceType === 'board' && item.resourceType === 'space' && item.resourceId === this.#spaceId;
  }

  async #check(item: SharingNewsItem): Promise<WatchMessage[]> {
    if (this.#ended) return [];
    const { own, spaceId } = await readAccess(this.#access, this.#userId, this.target);
    const messages: WatchMessage[] = [];
    const before = this.#own;
    this.#own = own;
    this.#spaceId = spaceId;
    if (own.role !== before.role || own.canEdit !== before.canEdit || own.canComment !== before.canComment) {
      messages.push({ event: 'access', data: { ...this.target, ...own } });
    }
    if (own.role === null) {
      this.#ended = true;
      return messages;
    }
    // A person's workspace role says nothing of the people of what they follow: only their own rights, above.
    if (item.kind === 'resync') messages.push({ event: 'resync', data: this.target });
    else if (item.kind === 'changed') messages.push({ event: 'sharing', data: this.target });
    return messages;
  }
}

/** The person's rights on a board or space now, and for a board the space holding it. */
async function readAccess(access: AccessService, userId: string, target: SharingTarget): Promise<{ own: OwnAccess; spaceId: string | null }> {
  if (target.resourceType === 'board') {
    const rights = await access.boardAccess(userId, target.resourceId);
    if (rights === null) return { own: noAccess, spaceId: null };
    return { own: { role: rights.role, canEdit: rights.canEdit, canComment: rights.canComment }, spaceId: rights.board.spaceId };
  }
  try {
    const { role } = await access.requireSpace(userId, target.resourceId, 'read');
    return { own: { role, canEdit: false, canComment: false }, spaceId: null };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'not_found') return { own: noAccess, spaceId: null };
    throw error;
  }
}
