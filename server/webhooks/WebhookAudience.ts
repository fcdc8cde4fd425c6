import type { Collection, Database } from '../../storage/index.js';
import type { BoardMemberRecord, BoardRecord, SpaceMemberRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { WebhookRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { AccessService } from '../access/AccessService.js';
import { roleOnBoard } from '../access/grants.js';
import { atLeast, boardPermissions } from '../access/roles.js';
import type { AccountService } from '../accounts/AccountService.js';

/**
 * Which enabled webhooks hear an event. A webhook receives the events of every board its owner can
 * read, at the time of the event: boards of their own workspace, and boards shared with them from
 * another (directly or through a space). Events without a board (a space membership, a job with no
 * board) go to the webhooks of the workspace they happened in. The dispatcher checks the right
 * again before each attempt, so an owner removed from a board meanwhile gets nothing more from it.
 */
export class WebhookAudience {
  readonly #webhooks: Collection<WebhookRecord>;
  readonly #boards: Collection<BoardRecord>;
  readonly #boardMembers: Collection<BoardMemberRecord>;
  readonly #spaceMembers: Collection<SpaceMemberRecord>;
  readonly #access: Pick<AccessService, 'grants'>;
  readonly #accounts: Pick<AccountService, 'listWorkspaceMembers'>;

  constructor(db: Database, deps: { access: Pick<AccessService, 'grants'>; accounts: Pick<AccountService, 'listWorkspaceMembers'> }) {
    this.#webhooks = db.collection<WebhookRecord>(webhookCollections.webhooks);
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#boardMembers = db.collection<BoardMemberRecord>(boardCollections.boardMembers);
    this.#spaceMembers = db.collection<SpaceMemberRecord>(boardCollections.spaceMembers);
    this.#access = deps.access;
    this.#accounts = deps.accounts;
  }

  /** Every enabled webhook: those that may hear some event, before their owners' rights are worked out. */
  listening(): Promise<WebhookRecord[]> {
    return this.#webhooks.find({ enabled: true });
  }

  /**
   * The enabled webhooks whose owner can read board `boardId` now (`board`, when the event carries
   * the record, saves a read and covers a board already deleted for good); without a board, the
   * enabled webhooks of `workspaceId`. `enabled`, when the caller holds every enabled webhook
   * (`WebhookSubscriptions.current`), is searched instead of the store: no webhook is read.
   */
  async hooksFor(workspaceId: string, boardId: string | null, board?: BoardRecord, enabled?: readonly WebhookRecord[]): Promise<WebhookRecord[]> {
    // Most stores hold no enabled webhook at all: then no event needs the readers worked out.
    if (enabled === undefined ? (await this.#webhooks.findOne({ enabled: true })) === null : enabled.length === 0) return [];
    const record = board ?? (boardId === null ? undefined : await this.#boards.get(boardId));
    if (record === undefined || record === null) {
      return enabled === undefined ? this.#webhooks.find({ workspaceId, enabled: true }) : enabled.filter((hook) => hook.workspaceId === workspaceId);
    }
    const [members, boardShares, spaceShares] = await Promise.all([
      this.#accounts.listWorkspaceMembers(record.workspaceId),
      this.#boardMembers.find({ boardId: record.id }),
      record.spaceId === null ? Promise.resolve([]) : this.#spaceMembers.find({ spaceId: record.spaceId }),
    ]);
    const people = new Set([record.ownerId, ...members.map((m) => m.userId), ...boardShares.map((m) => m.userId), ...spaceShares.map((m) => m.userId)]);
    const [own, others] =
      enabled === undefined
        ? await Promise.all([this.#webhooks.find({ workspaceId: record.workspaceId, enabled: true }), this.#webhooks.find({ ownerId: { $in: [...people] }, enabled: true })])
        : [enabled.filter((hook) => hook.workspaceId === record.workspaceId), enabled.filter((hook) => people.has(hook.ownerId))];
    const candidates = new Map([...own, ...others].map((hook) => [hook.id, hook]));
    const wanted = new Set<string>();
    for (const ownerId of new Set([...candidates.values()].map((hook) => hook.ownerId))) {
      const grants = await this.#access.grants(ownerId);
      const role = roleOnBoard(grants, record);
      const reads = role !== null && atLeast(role, boardPermissions.read);
      for (const hook of candidates.values()) {
        // A hook whose owner left its workspace goes on: the dispatcher skips the event and disables the hook.
        if (hook.ownerId === ownerId && (reads || !grants.workspaceRoles.has(hook.workspaceId))) wanted.add(hook.id);
      }
    }
    return [...candidates.values()].filter((hook) => wanted.has(hook.id));
  }
}
