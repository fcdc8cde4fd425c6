import type { Clock, Collection, Database } from '../../storage/index.js';
import type { PublicLinkRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import { plans } from '../accounts/plans.js';
import { planCapError } from '../accounts/planCap.js';
import type { AccessService } from '../access/AccessService.js';
import { publicLinkTokenPrefix } from '../access/AccessService.js';
import type { PublicLinkRole, Role } from '../access/roles.js';
import { atLeast } from '../access/roles.js';
import { newSecret } from '../auth/secrets.js';
import { errors } from '../errors.js';
import type { RecordEventJournal, RecordPlan } from './RecordEventJournal.js';

/** The public link of a space or board as the caller sees it. */
export interface PublicLinkView {
  resourceType: 'space' | 'board';
  resourceId: string;
  enabled: boolean;
  role: PublicLinkRole;
  /** The link token; null when there is no link, or the caller's own role is below what the link grants (no escalation). */
  token: string | null;
  expiresAt: number | null;
  createdBy: string | null;
  createdAt: number | null;
  updatedAt: number | null;
}

/** Input of `put`: enable (with a role and an optional expiry), reconfigure, rotate, or disable. */
export interface PutPublicLinkInput {
  enabled: boolean;
  role?: PublicLinkRole | undefined;
  /** Epoch ms in the future, or null for no expiry; unchanged when omitted. */
  expiresAt?: number | null | undefined;
  /** Issue a new token; the old one stops working at once. */
  rotate?: boolean | undefined;
}

/**
 * Public links: a capability token (`bds_pl_...`) that opens a board (or every board of a
 * space) without an account, with the link's role (viewer, commenter or editor). Disabling
 * keeps the token so re-enabling restores the same link; `rotate` issues a new one.
 */
export class PublicLinkService {
  readonly #links: Collection<PublicLinkRecord>;
  readonly #access: AccessService;
  readonly #accounts: AccountService;
  readonly #clock: Clock;
  readonly #records: Pick<RecordEventJournal, 'record'>;

  /**
   * `deps.records` journals what a change records (a board's activity row, `public_link.updated`,
   * which rechecks live sync connections opened through the link) before the link is stored.
   */
  constructor(db: Database, deps: { access: AccessService; accounts: AccountService; clock: Clock; records: Pick<RecordEventJournal, 'record'> }) {
    this.#links = db.collection<PublicLinkRecord>(boardCollections.publicLinks);
    this.#access = deps.access;
    this.#accounts = deps.accounts;
    this.#clock = deps.clock;
    this.#records = deps.records;
  }

  /** The link of a space or board (any reader); the token only when the caller's role covers the link's. */
  async get(userId: string, resourceType: 'space' | 'board', id: string): Promise<PublicLinkView> {
    const { role } = await this.#require(userId, resourceType, id, 'read');
    return view(resourceType, id, await this.#links.get(id), role);
  }

  /** Enables, configures or disables the link (admin and above). 402 when the plan has no public links; 422 for an expiry in the past. */
  async put(userId: string, resourceType: 'space' | 'board', id: string, input: PutPublicLinkInput): Promise<PublicLinkView> {
    const { role, workspaceId } = await this.#require(userId, resourceType, id, 'publicLink');
    const now = this.#clock.now();
    if (input.expiresAt != null && input.expiresAt <= now) throw errors.invalid('expiresAt', 'must be in the future');
    if (input.enabled) {
      const workspace = await this.#accounts.getWorkspace(workspaceId);
      if (!plans[workspace.plan].publicLinks) {
        throw planCapError('publicLinks', workspace.plan, `The ${workspace.plan} plan has no public links.`);
      }
    }
    const existing = await this.#links.get(id);
    const record: PublicLinkRecord = {
      id,
      resourceType,
      token: existing && !input.rotate ? existing.token : newSecret(publicLinkTokenPrefix),
      enabled: input.enabled,
      role: input.role ?? existing?.role ?? 'viewer',
      expiresAt: input.expiresAt === undefined ? (existing?.expiresAt ?? null) : input.expiresAt,
      createdBy: existing?.createdBy ?? userId,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    const rotated = Boolean(input.rotate);
    const plan: RecordPlan = {
      boardId: resourceType === 'board' ? id : null,
      marked: { collection: 'publicLinks', id, read: existing },
      stored: [],
      activity: resourceType === 'board' ? [{ boardId: id, actorId: userId, action: 'board.public_link_updated', data: { enabled: record.enabled, role: record.role, rotated } }] : [],
      events: [{ type: 'public_link.updated', payload: { workspaceId, actor: { userId }, at: now, resourceType, resourceId: id, enabled: record.enabled, role: record.role, rotated } }],
    };
    await this.#records.record(plan, (mark) => mark.put(this.#links, record));
    return view(resourceType, id, record, role);
  }

  /** Removes the link of a space or board (when it is deleted for good). */
  async deleteFor(id: string): Promise<void> {
    await this.#links.deleteMany({ id });
  }

  async #require(
    userId: string,
    resourceType: 'space' | 'board',
    id: string,
    action: 'read' | 'publicLink',
  ): Promise<{ role: Role; workspaceId: string }> {
    if (resourceType === 'space') {
      const { space, role } = await this.#access.requireSpace(userId, id, action);
      return { role, workspaceId: space.workspaceId };
    }
    const { board, role } = await this.#access.requireBoard(userId, id, action);
    return { role, workspaceId: board.workspaceId };
  }
}

function view(resourceType: 'space' | 'board', id: string, link: PublicLinkRecord | null, callerRole: Role): PublicLinkView {
  if (!link) {
    return { resourceType, resourceId: id, enabled: false, role: 'viewer', token: null, expiresAt: null, createdBy: null, createdAt: null, updatedAt: null };
  }
  return {
    resourceType,
    resourceId: id,
    enabled: link.enabled,
    role: link.role,
    token: atLeast(callerRole, link.role) ? link.token : null,
    expiresAt: link.expiresAt,
    createdBy: link.createdBy,
    createdAt: link.createdAt,
    updatedAt: link.updatedAt,
  };
}
