import type { Clock, Collection, Database } from '../../storage/index.js';
import type { GrantedRole, InvitationRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { normaliseEmail } from '../accounts/AccountService.js';
import type { Mailer } from '../signin/Mailer.js';
import { KeptMarks } from './KeptMarks.js';
import type { RecordMark } from './RecordMark.js';
import { unmarkedWrites } from './RecordMark.js';

/** An invitation stays open for 30 days. */
export const invitationLifetimeMs = 30 * 86_400_000;

/** What an invitation is for. */
export interface InvitationTarget {
  resourceType: 'space' | 'board';
  resourceId: string;
  /** The space's name or board's title, for the email. */
  name: string;
}

/**
 * Invitations by email for people who have no account yet (an extension of SPEC "Members"):
 * sharing a space or board with an unknown address stores an invitation and emails the address;
 * the person's first sign-in with that address turns every open invitation into membership
 * (see `acceptInvitations`). One invitation per address and resource; inviting again updates
 * the role, renews the 30 days and sends the email again.
 */
export class InvitationService {
  readonly #invitations: Collection<InvitationRecord>;
  readonly #mailer: Mailer;
  readonly #clock: Clock;
  readonly #publicUrl: string;
  readonly #listeners = new Set<(resourceType: 'space' | 'board', resourceId: string) => void>();
  readonly #kept: KeptMarks;

  constructor(db: Database, deps: { mailer: Mailer; clock: Clock; publicUrl: string }) {
    this.#invitations = db.collection<InvitationRecord>(boardCollections.invitations);
    this.#kept = new KeptMarks(db);
    this.#mailer = deps.mailer;
    this.#clock = deps.clock;
    this.#publicUrl = deps.publicUrl;
  }

  /**
   * Calls `listener` after each change to the open invitations of a space or board (sent, resent,
   * role changed, revoked, taken at sign-in); returns the function that removes it. The web app's
   * Share dialogs hear of them this way (invitations are not domain events: they have no actor's
   * workspace, no webhook type and no activity of their own beyond their member operation's).
   */
  onChanged(listener: (resourceType: 'space' | 'board', resourceId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(resourceType: 'space' | 'board', resourceId: string): void {
    for (const listener of this.#listeners) listener(resourceType, resourceId);
  }

  /**
   * Stores (or renews) an invitation and emails it; `created` is false when one was open already.
   * The email links to the board or space itself (the web app signs the person in first and then
   * opens it), under `linkBase` (the address the inviter used) or else the public URL. `mark`
   * is the write of a journaled operation (`RecordEventJournal`): a new invitation carries its row.
   */
  async invite(
    target: InvitationTarget,
    input: { email: string; role: GrantedRole; invitedBy: { id: string; name: string }; linkBase?: string | undefined },
    mark: RecordMark = unmarkedWrites,
  ): Promise<{ invitation: InvitationRecord; created: boolean }> {
    const email = normaliseEmail(input.email);
    const existing = await this.find(target.resourceType, target.resourceId, email);
    const now = this.#clock.now();
    const invitation: InvitationRecord = {
      id: invitationId(target.resourceType, target.resourceId, email),
      resourceType: target.resourceType,
      resourceId: target.resourceId,
      email,
      role: input.role,
      invitedBy: input.invitedBy.id,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      expiresAt: now + invitationLifetimeMs,
      sentAt: now,
    };
    await mark.put(this.#invitations, invitation);
    this.#changed(target.resourceType, target.resourceId);
    const link = `${input.linkBase ?? this.#publicUrl}/${target.resourceType === 'board' ? 'boards' : 'spaces'}/${encodeURIComponent(target.resourceId)}`;
    await this.#mailer.send({
      to: email,
      subject: `${input.invitedBy.name} invited you to the ${target.resourceType} "${target.name}"`,
      text:
        `${input.invitedBy.name} shared the ${target.resourceType} "${target.name}" with you as ${input.role}.\n\n` +
        `Open it here, signing in with this email address (an account is created at your first sign-in):\n${link}\n\n` +
        `The invitation is open for 30 days. If you did not expect it, ignore this email.`,
    });
    return { invitation, created: existing === null };
  }

  /** The open invitation of an address to a resource, or null (expired ones count as none). */
  async find(resourceType: 'space' | 'board', resourceId: string, email: string): Promise<InvitationRecord | null> {
    const found = await this.#invitations.get(invitationId(resourceType, resourceId, normaliseEmail(email)));
    return found && found.expiresAt > this.#clock.now() ? found : null;
  }

  /** The open invitations to a resource, most recently sent first (then by address). */
  async listOpen(resourceType: 'space' | 'board', resourceId: string): Promise<InvitationRecord[]> {
    const rows = await this.#invitations.find({ resourceType, resourceId, expiresAt: { $gt: this.#clock.now() } });
    return rows.sort((a, b) => sentAt(b) - sentAt(a) || a.email.localeCompare(b.email));
  }

  /** Changes the role of an open invitation; null when there is none. */
  async changeRole(resourceType: 'space' | 'board', resourceId: string, email: string, role: GrantedRole): Promise<InvitationRecord | null> {
    const found = await this.find(resourceType, resourceId, email);
    if (!found) return null;
    const changed = await this.#invitations.updateOne({ id: found.id }, { $set: { role, updatedAt: this.#clock.now() } });
    this.#changed(resourceType, resourceId);
    return changed;
  }

  /** Withdraws an invitation; false when there was none open. */
  async cancel(resourceType: 'space' | 'board', resourceId: string, email: string): Promise<boolean> {
    const found = await this.find(resourceType, resourceId, email);
    if (!found) return false;
    await this.#kept.deleteOne(this.#invitations, found);
    this.#changed(resourceType, resourceId);
    return true;
  }

  /** How many open invitations a resource has (they count against the members cap). */
  async count(resourceType: 'space' | 'board', resourceId: string): Promise<number> {
    return this.#invitations.count({ resourceType, resourceId, expiresAt: { $gt: this.#clock.now() } });
  }

  /**
   * The open invitations of an address, oldest first, left in the store until each is `accepted`
   * (a stop while they are honoured leaves the rest for the sign-in's replay); expired ones are dropped.
   */
  async openFor(email: string): Promise<InvitationRecord[]> {
    const rows = await this.#invitations.find({ email: normaliseEmail(email) });
    const now = this.#clock.now();
    const expired = rows.filter((r) => r.expiresAt <= now);
    if (expired.length > 0) await this.#kept.deleteMany(this.#invitations, { id: { $in: expired.map((r) => r.id) } });
    for (const row of expired) this.#changed(row.resourceType, row.resourceId);
    return rows.filter((r) => r.expiresAt > now).sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Removes an invitation once it was honoured (or could not be). */
  async accepted(invitation: InvitationRecord): Promise<void> {
    await this.#kept.deleteOne(this.#invitations, invitation);
    this.#changed(invitation.resourceType, invitation.resourceId);
  }

  /** Takes every invitation of an address off the store and returns the open ones (expired ones are dropped). */
  async take(email: string): Promise<InvitationRecord[]> {
    const rows = await this.#invitations.find({ email: normaliseEmail(email) });
    if (rows.length > 0) await this.#kept.deleteMany(this.#invitations, { id: { $in: rows.map((r) => r.id) } });
    for (const row of rows) this.#changed(row.resourceType, row.resourceId);
    const now = this.#clock.now();
    return rows.filter((r) => r.expiresAt > now).sort((a, b) => a.createdAt - b.createdAt);
  }
}

/** When the invitation's email last went out (rows stored before `sentAt` existed: their last change). */
export function sentAt(invitation: InvitationRecord): number {
  return invitation.sentAt ?? invitation.updatedAt;
}

/** The id of the invitation of an address (normalised) to a resource. */
export function invitationId(resourceType: 'space' | 'board', resourceId: string, email: string): string {
  return `${resourceType}:${resourceId}:${email}`;
}
