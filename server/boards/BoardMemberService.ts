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
import type { PlannedEvent } from '../events/eventTypes.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { Page } from '../pagination.js';
import type { MemberView, ShareOutcome } from '../spaces/MemberView.js';
import type { SpaceMemberService } from '../spaces/SpaceMemberService.js';
import { type InvitationService, invitationId } from './InvitationService.js';
import { KeptMarks } from './KeptMarks.js';
import { pageArray } from './pageArray.js';
import type { RecordEventJournal } from './RecordEventJournal.js';

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
  readonly #clock: Clock;
  readonly #records: RecordEventJournal;
  readonly #invitations: InvitationService;
  readonly #notifications: NotificationService;
  readonly #kept: KeptMarks;

  constructor(
    db: Database,
    deps: {
      access: AccessService;
      accounts: AccountService;
      spaceMembers: SpaceMemberService;
      clock: Clock;
      invitations: InvitationService;
      notifications: NotificationService;
      /** Where each change's activity row, `share` notification and member event are journaled, recorded and emitted. */
      records: RecordEventJournal;
    },
  ) {
    this.#invitations = deps.invitations;
    this.#notifications = deps.notifications;
    this.#members = db.collection<BoardMemberRecord>(boardCollections.boardMembers);
    this.#kept = new KeptMarks(db);
    this.#spaces = db.collection<SpaceRecord>(boardCollections.spaces);
    this.#access = deps.access;
    this.#accounts = deps.accounts;
    this.#spaceMembers = deps.spaceMembers;
    this.#clock = deps.clock;
    this.#records = deps.records;
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
      const plan = {
        boardId: board.id,
        marked: { collection: 'invitations', id: invitationId('board', board.id, email), read: invited }, stored: [],
        activity: invited ? [] : [{ boardId: board.id, actorId: userId, action: 'board.invited', data: { role: input.role } }],
      } as const;
      const { invitation, created } = await this.#records.record(plan, (mark) =>
        this.#invitations.invite(
          { resourceType: 'board', resourceId: board.id, name: board.title },
          { email, role: input.role, invitedBy: { id: userId, name: actor?.name ?? 'Someone' }, linkBase: input.linkBase },
          mark,
        ),
      );
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
    const actor = { id: userId, name: existing ? undefined : (await this.#accounts.getUser(userId))?.name };
    const notice = existing ? null : await this.#notifications.shareNotice({ person, actor, resource: { type: 'board', name: board.title, boardId: board.id }, role: input.role });
    await this.#records.record(
      {
        boardId: board.id,
        marked: { collection: 'boardMembers', id: record.id, read: existing },
        stored: [],
        activity: [{ boardId: board.id, actorId: userId, action: 'board.shared', data: { userId: person.id, role: input.role } }],
        notifications: notice === null ? [] : [notice],
        events: existing ? [] : [this.#memberEvent('member.added', userId, board, person.id, input.role)],
      },
      (mark) => mark.put(this.#members, record),
    );
    return { status: 'active', member: directView(record, person), created: !existing };
  }

  /** Changes the role of a person the board is shared with directly, or of an open invitation (admin and above). */
  async changeRole(userId: string, boardId: string, rawEmail: string, role: GrantableRole): Promise<ShareOutcome> {
    const { board } = await this.#access.requireBoard(userId, boardId, 'share');
    const email = normaliseEmail(rawEmail);
    const person = await this.#accounts.findUserByEmail(email);
    if (person?.id === board.ownerId) throw errors.conflict("The owner's role cannot be changed or removed.");
    if (person) {
      const id = `${board.id}:${person.id}`;
      const before = await this.#members.get(id);
      if (!before) throw errors.notFound('Member');
      const now = this.#clock.now();
      const plan = {
        boardId: board.id,
        marked: { collection: 'boardMembers', id, read: before },
        stored: [],
        activity: [{ boardId: board.id, actorId: userId, action: 'board.shared', data: { userId: person.id, role } }],
        events: before.role === role ? [] : [this.#memberEvent('member.updated', userId, board, person.id, role, before.role)],
      } as const;
      const updated = await this.#records.record(plan, async (mark) => {
        const stored = await mark.update(this.#members, { id }, { $set: { role, updatedAt: now } });
        if (!stored) throw errors.notFound('Member');
        return stored;
      });
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
    const plan = {
      boardId: board.id,
      stored: [{ collection: 'boardMembers', filter: { id: record.id, createdAt: record.createdAt }, absent: true }],
      activity: [{ boardId: board.id, actorId: userId, action: 'board.unshared', data: { userId: record.userId } }],
      events: [this.#memberEvent('member.removed', userId, board, record.userId, null)],
    } as const;
    await this.#records.record(plan, () => this.#kept.deleteOne(this.#members, record));
  }

  async #checkCap(board: BoardRecord): Promise<void> {
    const workspace = await this.#accounts.getWorkspace(board.workspaceId);
    const cap = plans[workspace.plan].membersPerSpace;
    if (cap === null) return;
    const used = (await this.#members.count({ boardId: board.id })) + (await this.#invitations.count('board', board.id));
    if (used >= cap) throw planCapError('membersPerSpace', workspace.plan, `The ${workspace.plan} plan allows sharing a board with ${cap} people.`, { used });
  }

  #memberEvent(type: 'member.added' | 'member.removed' | 'member.updated', actorId: string, board: BoardRecord, memberId: string, role: string | null, previousRole: string | null = null): PlannedEvent {
    const payload = {
      workspaceId: board.workspaceId,
      actor: { userId: actorId },
      at: this.#clock.now(),
      scope: 'board' as const,
      resourceId: board.id,
      boardId: board.id,
      member: { userId: memberId, role },
    };
    return type === 'member.updated' ? { type, payload: { ...payload, previousRole: previousRole ?? '' } } : { type, payload };
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
