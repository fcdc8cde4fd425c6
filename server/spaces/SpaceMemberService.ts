import type { Clock, Collection, Database } from '../../storage/index.js';
import type { UserRecord } from '../../storage/schema/accounts.js';
import type { SpaceMemberRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import { normaliseEmail } from '../accounts/AccountService.js';
import { plans } from '../accounts/plans.js';
import { planCapError } from '../accounts/planCap.js';
import type { AccessService } from '../access/AccessService.js';
import type { GrantableRole } from '../access/roles.js';
import { roleRank } from '../access/roles.js';
import { errors } from '../errors.js';
import type { PlannedEvent } from '../events/eventTypes.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { Page } from '../pagination.js';
import type { InvitationService } from '../boards/InvitationService.js';
import { pageArray } from '../boards/pageArray.js';
import { KeptMarks } from '../boards/KeptMarks.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import type { MemberView, ShareOutcome } from './MemberView.js';
import { isBuiltInSpace } from './SpaceService.js';

/** Sharing of spaces by email (SPEC Spaces: members list / share / change role / remove). */
export class SpaceMemberService {
  readonly #members: Collection<SpaceMemberRecord>;
  readonly #access: AccessService;
  readonly #accounts: AccountService;
  readonly #notifications: NotificationService;
  readonly #clock: Clock;
  readonly #records: RecordEventJournal;
  readonly #invitations: InvitationService;
  readonly #kept: KeptMarks;

  constructor(
    db: Database,
    deps: {
      access: AccessService;
      accounts: AccountService;
      notifications: NotificationService;
      clock: Clock;
      invitations: InvitationService;
      /** Where each change's `share` notification and member event are journaled, recorded and emitted. */
      records: RecordEventJournal;
    },
  ) {
    this.#invitations = deps.invitations;
    this.#members = db.collection<SpaceMemberRecord>(boardCollections.spaceMembers);
    this.#kept = new KeptMarks(db);
    this.#access = deps.access;
    this.#accounts = deps.accounts;
    this.#notifications = deps.notifications;
    this.#clock = deps.clock;
    this.#records = deps.records;
  }

  /** The owner, then the people the space is shared with (highest role first, then by email). */
  async list(userId: string, spaceId: string, options: { limit: number; cursor?: string | undefined }): Promise<Page<MemberView>> {
    const { space } = await this.#access.requireSpace(userId, this.#real(spaceId), 'read');
    return pageArray(await this.members(space), (m) => m.user.id, options);
  }

  /** Every member of a space (owner first); used by board member lists too. */
  async members(space: SpaceRecord): Promise<MemberView[]> {
    const rows = await this.#members.find({ spaceId: space.id });
    const users = await this.#accounts.getUsers([space.ownerId, ...rows.map((r) => r.userId)]);
    const owner = users.get(space.ownerId);
    const inheritedFrom = { spaceId: space.id, name: space.name };
    const shared = rows
      .filter((r) => r.userId !== space.ownerId && users.has(r.userId))
      .sort((a, b) => roleRank(b.role) - roleRank(a.role) || a.email.localeCompare(b.email))
      .map((r): MemberView => ({
        user: users.get(r.userId) as UserRecord,
        role: r.role,
        source: 'space',
        inheritedFrom,
        addedBy: r.addedBy,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      }));
    const ownerView: MemberView[] = owner
      ? [{ user: owner, role: 'owner', source: 'owner', inheritedFrom: null, addedBy: null, createdAt: space.createdAt, updatedAt: space.createdAt }]
      : [];
    return [...ownerView, ...shared];
  }

  /**
   * Shares the space with a person (admin and above): adds them, or updates their role. An
   * address without an account gets an invitation by email instead, accepted at its first
   * sign-in (an extension of SPEC). 409 for the owner; 402 past the plan's members-per-space cap
   * (open invitations included). The person is notified when newly added.
   */
  async share(userId: string, spaceId: string, input: { email: string; role: GrantableRole; linkBase?: string | undefined }): Promise<ShareOutcome> {
    const { space } = await this.#access.requireSpace(userId, this.#real(spaceId), 'share');
    const email = normaliseEmail(input.email);
    const person = await this.#accounts.findUserByEmail(email);
    if (person?.id === space.ownerId) throw errors.conflict('This person owns the space.');
    const id = `${space.id}:${person?.id ?? ''}`;
    const existing = person ? await this.#members.get(id) : null;
    const invited = person ? null : await this.#invitations.find('space', space.id, email);
    if (!existing && !invited) {
      const workspace = await this.#accounts.getWorkspace(space.workspaceId);
      const cap = plans[workspace.plan].membersPerSpace;
      const used = (await this.#members.count({ spaceId: space.id })) + (await this.#invitations.count('space', space.id));
      if (cap !== null && used >= cap) {
        throw planCapError('membersPerSpace', workspace.plan, `The ${workspace.plan} plan allows sharing a space with ${cap} people.`, { used });
      }
    }
    if (!person) {
      const actor = await this.#accounts.getUser(userId);
      const { invitation, created } = await this.#invitations.invite(
        { resourceType: 'space', resourceId: space.id, name: space.name },
        { email, role: input.role, invitedBy: { id: userId, name: actor?.name ?? 'Someone' }, linkBase: input.linkBase },
      );
      return { status: 'invited', invitation, created };
    }
    const now = this.#clock.now();
    const record: SpaceMemberRecord = {
      id,
      spaceId: space.id,
      userId: person.id,
      email: person.email,
      role: input.role,
      addedBy: existing?.addedBy ?? userId,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    const actor = { id: userId, name: existing ? undefined : (await this.#accounts.getUser(userId))?.name };
    const notice = existing ? null : await this.#notifications.shareNotice({ person, actor, resource: { type: 'space', name: space.name, boardId: null }, role: input.role });
    await this.#records.record(
      {
        marked: { collection: 'spaceMembers', id, read: existing },
        stored: [],
        notifications: notice === null ? [] : [notice],
        events: existing ? [] : [this.#memberEvent('member.added', userId, space, person.id, input.role)],
      },
      (mark) => mark.put(this.#members, record),
    );
    return { status: 'active', member: memberView(record, person, space), created: !existing };
  }

  /** Changes a member's role, or an open invitation's (admin and above); 404 when the email is neither. */
  async changeRole(userId: string, spaceId: string, email: string, role: GrantableRole): Promise<ShareOutcome> {
    const { space } = await this.#access.requireSpace(userId, this.#real(spaceId), 'share');
    const invitation = await this.#invitedOnly(space, email) ? await this.#invitations.changeRole('space', space.id, email, role) : null;
    if (invitation) return { status: 'invited', invitation, created: false };
    const { record, person } = await this.#find(space, email);
    const now = this.#clock.now();
    const plan = {
      marked: { collection: 'spaceMembers', id: record.id, read: record },
      stored: [],
      events: record.role === role ? [] : [this.#memberEvent('member.updated', userId, space, record.userId, role, record.role)],
    } as const;
    const updated = await this.#records.record(plan, async (mark) => {
      const stored = await mark.update(this.#members, { id: record.id }, { $set: { role, updatedAt: now } });
      if (!stored) throw errors.notFound('Member');
      return stored;
    });
    return { status: 'active', member: memberView(updated, person, space), created: false };
  }

  /** Removes a member (admin and above; anyone may remove themselves, i.e. leave), or withdraws an invitation (admin and above). */
  async remove(userId: string, spaceId: string, email: string): Promise<void> {
    const real = this.#real(spaceId);
    const { space, grants } = await this.#access.requireSpace(userId, real, 'read');
    if (await this.#invitedOnly(space, email)) {
      await this.#access.requireSpace(userId, real, 'share', { grants });
      await this.#invitations.cancel('space', space.id, email);
      return;
    }
    const { record } = await this.#find(space, email);
    if (record.userId !== userId) await this.#access.requireSpace(userId, real, 'share', { grants });
    const plan = {
      stored: [{ collection: 'spaceMembers', filter: { id: record.id, createdAt: record.createdAt }, absent: true }],
      events: [this.#memberEvent('member.removed', userId, space, record.userId, null)],
    } as const;
    await this.#records.record(plan, () => this.#kept.deleteOne(this.#members, record));
  }

  #memberEvent(type: 'member.added' | 'member.removed' | 'member.updated', actorId: string, space: SpaceRecord, memberId: string, role: string | null, previousRole: string | null = null): PlannedEvent {
    const payload = { workspaceId: space.workspaceId, actor: { userId: actorId }, at: this.#clock.now(), scope: 'space' as const, resourceId: space.id, member: { userId: memberId, role } };
    return type === 'member.updated' ? { type, payload: { ...payload, previousRole: previousRole ?? '' } } : { type, payload };
  }

  /** Removes every member of a space (when it is purged). */
  async deleteSpace(spaceId: string): Promise<number> {
    return this.#kept.deleteMany(this.#members, { spaceId });
  }

  /** True when the address has no account but an open invitation to the space. */
  async #invitedOnly(space: SpaceRecord, email: string): Promise<boolean> {
    const address = normaliseEmail(email);
    return (await this.#accounts.findUserByEmail(address)) === null && (await this.#invitations.find('space', space.id, address)) !== null;
  }

  async #find(space: SpaceRecord, rawEmail: string): Promise<{ record: SpaceMemberRecord; person: UserRecord }> {
    const email = normaliseEmail(rawEmail);
    const person = await this.#accounts.findUserByEmail(email);
    if (person?.id === space.ownerId) throw errors.conflict("The owner's role cannot be changed or removed.");
    const record = person ? await this.#members.get(`${space.id}:${person.id}`) : null;
    if (!person || !record) throw errors.notFound('Member');
    return { record, person };
  }

  #real(spaceId: string): string {
    if (isBuiltInSpace(spaceId)) throw errors.conflict(`The built-in "${spaceId}" space cannot be shared.`);
    return spaceId;
  }
}

function memberView(record: SpaceMemberRecord, person: UserRecord, space: SpaceRecord): MemberView {
  return {
    user: person,
    role: record.role,
    source: 'space',
    inheritedFrom: { spaceId: space.id, name: space.name },
    addedBy: record.addedBy,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
