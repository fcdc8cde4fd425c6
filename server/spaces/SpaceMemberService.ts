import type { Clock, Collection, Database } from '../../storage/index.js';
import type { UserRecord } from '../../storage/schema/accounts.js';
import type { SpaceMemberRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import { normaliseEmail } from '../accounts/AccountService.js';
import { plans } from '../accounts/plans.js';
import { planCapError } from '../accounts/planCap.js';
import type { AccessService } from '../access/AccessService.js';
import type { GrantableRole, Role } from '../access/roles.js';
import { roleRank } from '../access/roles.js';
import { errors } from '../errors.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { Page } from '../pagination.js';
import { pageArray } from '../boards/pageArray.js';
import { isBuiltInSpace } from './SpaceService.js';

/** A person with a role on a space or board, as member lists show them. */
export interface MemberView {
  user: UserRecord;
  role: Role;
  /** Where the role comes from: the owner, the space's sharing, or the board's own sharing. */
  source: 'owner' | 'space' | 'board';
  /** The space the role is inherited from (board member lists); null otherwise. */
  inheritedFrom: { spaceId: string; name: string } | null;
  addedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Sharing of spaces by email (SPEC Spaces: members list / share / change role / remove). */
export class SpaceMemberService {
  readonly #members: Collection<SpaceMemberRecord>;
  readonly #access: AccessService;
  readonly #accounts: AccountService;
  readonly #notifications: NotificationService;
  readonly #clock: Clock;
  readonly #events: DomainEvents;

  constructor(
    db: Database,
    deps: { access: AccessService; accounts: AccountService; notifications: NotificationService; clock: Clock; events: DomainEvents },
  ) {
    this.#members = db.collection<SpaceMemberRecord>(boardCollections.spaceMembers);
    this.#access = deps.access;
    this.#accounts = deps.accounts;
    this.#notifications = deps.notifications;
    this.#clock = deps.clock;
    this.#events = deps.events;
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
   * Shares the space with a person (admin and above): adds them, or updates their role. The
   * person needs an account (422 naming `email` otherwise); 409 for the owner; 402 past the
   * plan's members-per-space cap. The person is notified when newly added.
   */
  async share(userId: string, spaceId: string, input: { email: string; role: GrantableRole }): Promise<{ member: MemberView; created: boolean }> {
    const { space } = await this.#access.requireSpace(userId, this.#real(spaceId), 'share');
    const email = normaliseEmail(input.email);
    const person = await this.#accounts.findUserByEmail(email);
    if (!person) throw errors.invalid('email', 'no person with this email has an account');
    if (person.id === space.ownerId) throw errors.conflict('This person owns the space.');
    const id = `${space.id}:${person.id}`;
    const existing = await this.#members.get(id);
    if (!existing) {
      const workspace = await this.#accounts.getWorkspace(space.workspaceId);
      const cap = plans[workspace.plan].membersPerSpace;
      if (cap !== null && (await this.#members.count({ spaceId: space.id })) >= cap) {
        throw planCapError('membersPerSpace', workspace.plan, `The ${workspace.plan} plan allows sharing a space with ${cap} people.`, { used: cap });
      }
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
    await this.#members.put(record);
    if (!existing) {
      const actor = await this.#accounts.getUser(userId);
      await this.#notifications.notify({
        userId: person.id,
        workspaceId: person.workspaceId,
        kind: 'share',
        title: `${actor?.name ?? 'Someone'} shared the space "${space.name}" with you`,
        body: `You can now open its boards as ${input.role}.`,
        boardId: null,
        itemId: null,
        actorId: userId,
      });
    }
    if (!existing) await this.#emitMember('member.added', userId, space, person.id, input.role);
    return { member: memberView(record, person, space), created: !existing };
  }

  /** Changes a member's role (admin and above); 404 when the email is not a member. */
  async changeRole(userId: string, spaceId: string, email: string, role: GrantableRole): Promise<MemberView> {
    const { space } = await this.#access.requireSpace(userId, this.#real(spaceId), 'share');
    const { record, person } = await this.#find(space, email);
    const updated = await this.#members.updateOne({ id: record.id }, { $set: { role, updatedAt: this.#clock.now() } });
    if (!updated) throw errors.notFound('Member');
    return memberView(updated, person, space);
  }

  /** Removes a member (admin and above; anyone may remove themselves, i.e. leave). */
  async remove(userId: string, spaceId: string, email: string): Promise<void> {
    const real = this.#real(spaceId);
    const { space, grants } = await this.#access.requireSpace(userId, real, 'read');
    const { record } = await this.#find(space, email);
    if (record.userId !== userId) await this.#access.requireSpace(userId, real, 'share', { grants });
    await this.#members.deleteMany({ id: record.id });
    await this.#emitMember('member.removed', userId, space, record.userId, null);
  }

  async #emitMember(type: 'member.added' | 'member.removed', actorId: string, space: SpaceRecord, memberId: string, role: string | null): Promise<void> {
    await this.#events.emit(type, {
      workspaceId: space.workspaceId,
      actor: { userId: actorId },
      at: this.#clock.now(),
      scope: 'space',
      resourceId: space.id,
      member: { userId: memberId, role },
    });
  }

  /** Removes every member of a space (when it is purged). */
  async deleteSpace(spaceId: string): Promise<number> {
    return this.#members.deleteMany({ spaceId });
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
