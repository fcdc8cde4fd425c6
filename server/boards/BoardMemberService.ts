import type { Clock, Collection, Database } from '../../storage/index.js';
import type { UserRecord } from '../../storage/schema/accounts.js';
import type { BoardMemberRecord, BoardRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import { normaliseEmail } from '../accounts/AccountService.js';
import type { AccessService } from '../access/AccessService.js';
import type { GrantableRole } from '../access/roles.js';
import { roleRank } from '../access/roles.js';
import { planCapError } from '../accounts/planCap.js';
import { plans } from '../accounts/plans.js';
import { errors } from '../errors.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { Page } from '../pagination.js';
import type { MemberView, ShareOutcome } from '../spaces/MemberView.js';
import type { SpaceMemberService } from '../spaces/SpaceMemberService.js';
import type { ActivityService } from './ActivityService.js';
import type { InvitationService } from './InvitationService.js';
import { pageArray } from './pageArray.js';

/**
 * A board's members: the effective list (owner, people its space is shared with, people the
 * board is shared with; one row per person with their highest role) and direct board sharing.
 */
export class BoardMemberService {
  readonly #members: Collection<BoardMemberRecord>;
  readonly #spaces: Collection<SpaceRecord>;
  readonly #access: AccessService;
  readonly #accounts: AccountService;
  readonly #spaceMembers: SpaceMemberService;
  readonly #activity: ActivityService;
  readonly #clock: Clock;
  readonly #events: DomainEvents;
  readonly #invitations: InvitationService;
  readonly #notifications: NotificationService;

  constructor(
    db: Database,
    deps: {
      access: AccessService;
      accounts: AccountService;
      spaceMembers: SpaceMemberService;
      activity: ActivityService;
      clock: Clock;
      events: DomainEvents;
      invitations: InvitationService;
      notifications: NotificationService;
    },
  ) {
    this.#invitations = deps.invitations;
    this.#notifications = deps.notifications;
    this.#members = db.collection<BoardMemberRecord>(boardCollections.boardMembers);
    this.#spaces = db.collection<SpaceRecord>(boardCollections.spaces);
    this.#access = deps.access;
    this.#accounts = deps.accounts;
    this.#spaceMembers = deps.spaceMembers;
    this.#activity = deps.activity;
    this.#clock = deps.clock;
    this.#events = deps.events;
  }

  /** Effective members of a board (any reader): owner first, then by role (highest first) and email. */
  async list(userId: string, boardId: string, options: { limit: number; cursor?: string | undefined }): Promise<Page<MemberView>> {
    const { board } = await this.#access.requireBoard(userId, boardId, 'read');
    const byUser = new Map<string, MemberView>();
    const offer = (view: MemberView): void => {
      const current = byUser.get(view.user.id);
      if (!current || roleRank(view.role) > roleRank(current.role)) byUser.set(view.user.id, view);
    };
    const owner = await this.#accounts.getUser(board.ownerId);
    if (owner) {
      offer({ user: owner, role: 'owner', source: 'owner', inheritedFrom: null, addedBy: null, createdAt: board.createdAt, updatedAt: board.createdAt });
    }
    const space = board.spaceId === null ? null : await this.#spaces.get(board.spaceId);
    if (space) {
      for (const member of await this.#spaceMembers.members(space)) {
        offer({ ...member, source: 'space', inheritedFrom: { spaceId: space.id, name: space.name } });
      }
    }
    const direct = await this.#members.find({ boardId: board.id });
    const users = await this.#accounts.getUsers(direct.map((m) => m.userId));
    for (const record of direct) {
      const user = users.get(record.userId);
      if (user) offer(directView(record, user));
    }
    const rows = [...byUser.values()].sort(
      (a, b) =>
        Number(b.user.id === board.ownerId) - Number(a.user.id === board.ownerId) ||
        roleRank(b.role) - roleRank(a.role) ||
        a.user.email.localeCompare(b.user.email),
    );
    return pageArray(rows, (m) => m.user.id, options);
  }

  /**
   * Shares one board with a person directly (admin and above; an extension of SPEC "Members"):
   * adds them or updates their role. An address without an account gets an invitation by email
   * instead, accepted at its first sign-in. 409 for the owner; 402 past the plan's
   * `membersPerSpace` cap (people a space or board may be shared with, open invitations included).
   */
  async share(userId: string, boardId: string, input: { email: string; role: GrantableRole; linkBase?: string | undefined }): Promise<ShareOutcome> {
    const { board } = await this.#access.requireBoard(userId, boardId, 'share');
    const email = normaliseEmail(input.email);
    const person = await this.#accounts.findUserByEmail(email);
    if (person?.id === board.ownerId) throw errors.conflict('This person owns the board.');
    const existing = person ? await this.#members.get(`${board.id}:${person.id}`) : null;
    const invited = person ? null : await this.#invitations.find('board', board.id, email);
    if (!existing && !invited) await this.#checkCap(board);
    if (!person) {
      const actor = await this.#accounts.getUser(userId);
      const { invitation, created } = await this.#invitations.invite(
        { resourceType: 'board', resourceId: board.id, name: board.title },
        { email, role: input.role, invitedBy: { id: userId, name: actor?.name ?? 'Someone' }, linkBase: input.linkBase },
      );
      if (created) await this.#activity.record({ boardId: board.id, actorId: userId, action: 'board.invited', data: { role: input.role } });
      return { status: 'invited', invitation, created };
    }
    const now = this.#clock.now();
    const record: BoardMemberRecord = {
      id: `${board.id}:${person.id}`,
      boardId: board.id,
      userId: person.id,
      email: person.email,
      role: input.role,
      addedBy: existing?.addedBy ?? userId,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    await this.#members.put(record);
    await this.#activity.record({ boardId: board.id, actorId: userId, action: 'board.shared', data: { userId: person.id, role: input.role } });
    if (!existing) {
      const actor = { id: userId, name: (await this.#accounts.getUser(userId))?.name };
      await this.#notifications.shared({ person, actor, resource: { type: 'board', name: board.title, boardId: board.id }, role: input.role });
      await this.#emitMember('member.added', userId, board, person.id, input.role);
    }
    return { status: 'active', member: directView(record, person), created: !existing };
  }

  /** Changes the role of a person the board is shared with directly, or of an open invitation (admin and above). */
  async changeRole(userId: string, boardId: string, rawEmail: string, role: GrantableRole): Promise<ShareOutcome> {
    const { board } = await this.#access.requireBoard(userId, boardId, 'share');
    const email = normaliseEmail(rawEmail);
    const person = await this.#accounts.findUserByEmail(email);
    if (person?.id === board.ownerId) throw errors.conflict("The owner's role cannot be changed or removed.");
    if (person) {
      const before = await this.#members.get(`${board.id}:${person.id}`);
      const updated = await this.#members.updateOne({ id: `${board.id}:${person.id}` }, { $set: { role, updatedAt: this.#clock.now() } });
      if (!updated || !before) throw errors.notFound('Member');
      await this.#activity.record({ boardId: board.id, actorId: userId, action: 'board.shared', data: { userId: person.id, role } });
      if (before.role !== role) await this.#emitMember('member.updated', userId, board, person.id, role, before.role);
      return { status: 'active', member: directView(updated, person), created: false };
    }
    const invitation = await this.#invitations.changeRole('board', board.id, email, role);
    if (!invitation) throw errors.notFound('Member');
    return { status: 'invited', invitation, created: false };
  }

  /** Stops sharing a board with a person directly, or withdraws an invitation (admin and above; people may remove themselves). */
  async unshare(userId: string, boardId: string, rawEmail: string): Promise<void> {
    const { board, grants } = await this.#access.requireBoard(userId, boardId, 'read', { write: true });
    const email = normaliseEmail(rawEmail);
    const person = await this.#accounts.findUserByEmail(email);
    const record = person ? await this.#members.get(`${board.id}:${person.id}`) : null;
    if (!record) {
      if (person || !(await this.#invitations.find('board', board.id, email))) throw errors.notFound('Member');
      await this.#access.requireBoard(userId, boardId, 'share', { grants });
      await this.#invitations.cancel('board', board.id, email);
      return;
    }
    if (record.userId !== userId) await this.#access.requireBoard(userId, boardId, 'share', { grants });
    await this.#members.deleteMany({ id: record.id });
    await this.#activity.record({ boardId: board.id, actorId: userId, action: 'board.unshared', data: { userId: record.userId } });
    await this.#emitMember('member.removed', userId, board, record.userId, null);
  }

  async #checkCap(board: BoardRecord): Promise<void> {
    const workspace = await this.#accounts.getWorkspace(board.workspaceId);
    const cap = plans[workspace.plan].membersPerSpace;
    if (cap === null) return;
    const used = (await this.#members.count({ boardId: board.id })) + (await this.#invitations.count('board', board.id));
    if (used >= cap) throw planCapError('membersPerSpace', workspace.plan, `The ${workspace.plan} plan allows sharing a board with ${cap} people.`, { used });
  }

  async #emitMember(
    type: 'member.added' | 'member.removed' | 'member.updated',
    actorId: string,
    board: BoardRecord,
    memberId: string,
    role: string | null,
    previousRole: string | null = null,
  ): Promise<void> {
    const event = {
      workspaceId: board.workspaceId,
      actor: { userId: actorId },
      at: this.#clock.now(),
      scope: 'board' as const,
      resourceId: board.id,
      boardId: board.id,
      member: { userId: memberId, role },
    };
    if (type === 'member.updated') await this.#events.emit(type, { ...event, previousRole: previousRole ?? '' });
    else await this.#events.emit(type, event);
  }
}

function directView(record: BoardMemberRecord, user: UserRecord): MemberView {
  return {
    user,
    role: record.role,
    source: 'board',
    inheritedFrom: null,
    addedBy: record.addedBy,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
