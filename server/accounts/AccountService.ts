import type { Clock, Collection, Database } from '../../storage/index.js';
import { DuplicateKeyError, findTogether, newId } from '../../storage/index.js';
import type { MembershipRecord, UserRecord, WorkspaceRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import { errors, ServiceError } from '../errors.js';
import { accountFinds, membershipId } from './accountFinds.js';
import { KeptMarks } from '../boards/KeptMarks.js';
import type { RecordEventJournal, RecordPlan } from '../boards/RecordEventJournal.js';
import type { RecordMark } from '../boards/RecordMark.js';
import { unmarkedWrites } from '../boards/RecordMark.js';
import type { PlannedEvent } from '../events/eventTypes.js';
import type { PlanName } from './plans.js';

/** A workspace role: owners and admins manage workspace settings; members use the workspace. */
export type WorkspaceRole = MembershipRecord['role'];

/** Input of `createUser`. */
export interface CreateUserInput {
  email: string;
  name?: string;
  plan?: PlanName;
  /** Name of the new workspace; default "<name>'s workspace". */
  workspaceName?: string;
  /** The ids the person and their workspace get (default new ones): for a caller that journals the creation first. */
  ids?: { userId: string; workspaceId: string };
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Normalises an email address for lookup (trimmed, lower-cased); throws 422 when malformed. */
export function normaliseEmail(email: string, field = 'email'): string {
  const value = email.trim().toLowerCase();
  if (value.length > 254 || !emailPattern.test(value)) throw errors.invalid(field, 'must be an email address');
  return value;
}

/** The name an account gets when none is given at sign-up: the part of the email before `@`. */
export function defaultName(email: string): string {
  return (email.split('@')[0] ?? email).trim().slice(0, 200);
}

/** True when the person chose their name, or one came with the account (an identity provider's); false for the default from the email. */
export function nameChosen(user: Pick<UserRecord, 'name' | 'email' | 'nameSetAt'>): boolean {
  return user.nameSetAt !== undefined || user.name !== defaultName(user.email);
}

/** Users, workspaces and memberships. */
export class AccountService {
  readonly #db: Database;
  readonly #users: Collection<UserRecord>;
  readonly #workspaces: Collection<WorkspaceRecord>;
  readonly #memberships: Collection<MembershipRecord>;
  readonly #clock: Clock;
  readonly #records: Pick<RecordEventJournal, 'record'> | null;

  /**
   * `records` journals the workspace membership and plan events (`workspace.member.*`,
   * `workspace.plan.changed`) before the change is stored and emits them once it is; without it
   * nothing is announced.
   */
  constructor(db: Database, clock: Clock, records: Pick<RecordEventJournal, 'record'> | null = null) {
    this.#db = db;
    this.#records = records;
    this.#users = db.collection<UserRecord>(accountCollections.users);
    this.#workspaces = db.collection<WorkspaceRecord>(accountCollections.workspaces);
    this.#memberships = db.collection<MembershipRecord>(accountCollections.memberships);
    this.#clock = clock;
  }

  /**
   * Creates a person with a workspace of their own, which they own. Throws 409 when the email is
   * taken. `mark` is the write of a journaled sign-in (`RecordEventJournal`): the user carries its row.
   */
  async createUser(input: CreateUserInput, mark: RecordMark = unmarkedWrites): Promise<{ user: UserRecord; workspace: WorkspaceRecord }> {
    const email = normaliseEmail(input.email);
    const name = input.name === undefined ? defaultName(email) : input.name.trim().slice(0, 200);
    if (await this.#users.findOne({ email })) throw errors.conflict('A user with this email already exists.');
    const now = this.#clock.now();
    const userId = input.ids?.userId ?? newId('usr');
    const workspace: WorkspaceRecord = {
      id: input.ids?.workspaceId ?? newId('wsp'),
      name: (input.workspaceName ?? `${name}'s workspace`).slice(0, 200),
      plan: input.plan ?? 'basic',
      ownerId: userId,
      createdAt: now,
      notificationSettings: {
        emailEnabled: true,
        events: { comments: true, replies: true, shares: true, boardUpdates: false },
      },
    };
    const user: UserRecord = { id: userId, email, name, workspaceId: workspace.id, createdAt: now };
    try {
      await mark.insert(this.#users, user);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw errors.conflict('A user with this email already exists.');
      throw error;
    }
    await this.#workspaces.insert(workspace);
    await this.#memberships.insert({
      id: membershipId(workspace.id, userId),
      workspaceId: workspace.id,
      userId,
      role: 'owner',
      createdAt: now,
    });
    return { user, workspace };
  }

  /** The user with this id, or null. */
  async getUser(userId: string): Promise<UserRecord | null> {
    return this.#users.get(userId);
  }

  /** The user with this email (any case), or null. */
  async findUserByEmail(email: string): Promise<UserRecord | null> {
    return this.#users.findOne({ email: email.trim().toLowerCase() });
  }

  /** The user with this email; throws 404 when there is none. */
  async requireUserByEmail(email: string): Promise<UserRecord> {
    const user = await this.findUserByEmail(email);
    if (!user) throw errors.notFound('User');
    return user;
  }

  /** Sets the person's name (trimmed, 1 to 200 characters: callers validate) and records that they chose it. Throws 404 for an unknown user. */
  async setUserName(userId: string, name: string): Promise<UserRecord> {
    const updated = await this.#users.updateOne({ id: userId }, { $set: { name, nameSetAt: this.#clock.now() } });
    if (!updated) throw errors.notFound('User');
    return updated;
  }

  /** Every user, oldest first (the operator's `boards admin list-users`). */
  async listUsers(): Promise<UserRecord[]> {
    return this.#users.find({}, { sort: [['createdAt', 1]] });
  }

  /** Users by id, for joining names into lists. */
  async getUsers(ids: readonly string[]): Promise<Map<string, UserRecord>> {
    const unique = [...new Set(ids)];
    const users = unique.length === 0 ? [] : await this.#users.find({ id: { $in: unique } });
    return new Map(users.map((u) => [u.id, u]));
  }

  /** The workspace with this id; throws 404 when there is none. */
  async getWorkspace(workspaceId: string): Promise<WorkspaceRecord> {
    const workspace = await this.#workspaces.get(workspaceId);
    if (!workspace) throw errors.notFound('Workspace');
    return workspace;
  }

  /**
   * What a credential of the person in the workspace acts as: the person and their membership
   * (null when either is gone) and the workspace (404 when it is gone), read together in one
   * round trip where the store batches finds.
   */
  async memberInWorkspace(userId: string, workspaceId: string): Promise<{ user: UserRecord; membership: MembershipRecord; workspace: WorkspaceRecord } | null> {
    const [[user], [membership], [workspace]] = await findTogether(this.#db, [
      accountFinds.user(userId),
      accountFinds.membership(workspaceId, userId),
      accountFinds.workspace(workspaceId),
    ] as const);
    if (!user || !membership) return null;
    if (!workspace) throw errors.notFound('Workspace');
    return { user, membership, workspace };
  }

  /** The person's membership of the workspace, or null when they are not a member. */
  async getMembership(workspaceId: string, userId: string): Promise<MembershipRecord | null> {
    return this.#memberships.get(membershipId(workspaceId, userId));
  }

  /** Workspaces the person belongs to. */
  async listMemberships(userId: string): Promise<MembershipRecord[]> {
    return this.#memberships.find({ userId }, { sort: [['createdAt', 1]] });
  }

  /** Members of a workspace. */
  async listWorkspaceMembers(workspaceId: string): Promise<MembershipRecord[]> {
    return this.#memberships.find({ workspaceId }, { sort: [['createdAt', 1]] });
  }

  /**
   * Adds a person to a workspace or changes their role. The owner's role cannot change. Emits
   * `workspace.member.added`, or `workspace.member.updated` when an existing role changed;
   * `byUserId` is who did it (default: the workspace owner). The event is journaled before the
   * membership is stored (docs/events.md "Durability of record events").
   */
  async setMembership(workspaceId: string, userId: string, role: WorkspaceRole, byUserId?: string): Promise<MembershipRecord> {
    const workspace = await this.getWorkspace(workspaceId);
    if (workspace.ownerId === userId && role !== 'owner') {
      throw new ServiceError('conflict', "The workspace owner's role cannot be changed.");
    }
    const previous = await this.getMembership(workspaceId, userId);
    const now = this.#clock.now();
    const record: MembershipRecord = { id: membershipId(workspaceId, userId), workspaceId, userId, role, createdAt: previous?.createdAt ?? now };
    const base = { workspaceId, actor: { userId: byUserId ?? workspace.ownerId }, at: now, userId, role };
    const events: PlannedEvent[] = [];
    if (previous === null) events.push({ type: 'workspace.member.added', payload: base });
    else if (previous.role !== role) events.push({ type: 'workspace.member.updated', payload: { ...base, previousRole: previous.role } });
    await this.#record({ marked: { collection: 'memberships', id: record.id, read: previous }, stored: [], events }, (mark) => mark.put(this.#memberships, record));
    return record;
  }

  /**
   * Removes a person from a workspace (not its owner); `byUserId` is who removed them (default:
   * they left). `workspace.member.removed` is journaled before the membership is deleted.
   */
  async removeMembership(workspaceId: string, userId: string, byUserId: string = userId): Promise<void> {
    const workspace = await this.getWorkspace(workspaceId);
    if (workspace.ownerId === userId) throw new ServiceError('conflict', 'The workspace owner cannot be removed.');
    const id = membershipId(workspaceId, userId);
    const membership = await this.#memberships.get(id);
    if (membership === null) return;
    const plan: RecordPlan = {
      // This membership gone: one made again afterwards has another `createdAt`.
      stored: [{ collection: 'memberships', filter: { id, createdAt: membership.createdAt }, absent: true }],
      events: [{ type: 'workspace.member.removed', payload: { workspaceId, actor: { userId: byUserId }, at: this.#clock.now(), userId } }],
    };
    await this.#record(plan, () => new KeptMarks(this.#db).deleteOne(this.#memberships, membership));
  }

  /**
   * Changes a workspace's plan; emits `workspace.plan.changed` when it differs (live connections
   * to the workspace's boards are rechecked: a plan decides, for one, whether public links work),
   * journaled before the plan is stored. The event's actor is the workspace owner: plans are
   * changed by operators on the owner's behalf.
   */
  async setPlan(workspaceId: string, plan: PlanName): Promise<WorkspaceRecord> {
    const before = await this.getWorkspace(workspaceId);
    const events: PlannedEvent[] =
      before.plan === plan ? [] : [{ type: 'workspace.plan.changed', payload: { workspaceId, actor: { userId: before.ownerId }, at: this.#clock.now(), plan, previousPlan: before.plan } }];
    return this.#record({ marked: { collection: 'workspaces', id: workspaceId, read: before }, stored: [], events }, async (mark) => {
      const updated = await mark.update(this.#workspaces, { id: workspaceId }, { $set: { plan } });
      if (!updated) throw errors.notFound('Workspace');
      return updated;
    });
  }

  /** Replaces a workspace's notification settings. */
  async setNotificationSettings(
    workspaceId: string,
    settings: WorkspaceRecord['notificationSettings'],
  ): Promise<WorkspaceRecord> {
    const updated = await this.#workspaces.updateOne({ id: workspaceId }, { $set: { notificationSettings: settings } });
    if (!updated) throw errors.notFound('Workspace');
    return updated;
  }

  /** Journals `plan` and runs `store` (`RecordEventJournal.record`); without a journal, just stores. */
  #record<T>(plan: RecordPlan, store: (mark: RecordMark) => Promise<T>): Promise<T> {
    return this.#records === null ? store(unmarkedWrites) : this.#records.record(plan, store);
  }
}
