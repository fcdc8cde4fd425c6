import type { Clock } from '../../storage/index.js';
import type { UserRecord } from '../../storage/schema/accounts.js';
import type { InvitationRecord } from '../../storage/schema/boards.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { AccessService } from '../access/AccessService.js';
import { ServiceError, errors } from '../errors.js';
import type { Page } from '../pagination.js';
import { isBuiltInSpace } from '../spaces/SpaceService.js';
import type { InvitationService, InvitationTarget } from './InvitationService.js';
import { sentAt } from './InvitationService.js';
import { pageArray } from './pageArray.js';

/** The shortest time between two emails of one invitation: 60 s (a resend sooner answers 429, so a double click or a script sends one email). */
export const resendIntervalMs = 60_000;

/** What invitations are listed on: a space or a board, by id. */
export interface InvitationScope {
  resourceType: 'space' | 'board';
  resourceId: string;
}

/** An open invitation as the sharing screens list it: the record and the person who invited (null when their account is gone). */
export interface PendingInvitationView {
  invitation: InvitationRecord;
  invitedBy: UserRecord | null;
}

/**
 * The open invitations of a space or board, seen, resent and revoked by the people who may
 * invite to it (admin and above, SPEC "Members": whoever may share). An extension of SPEC: the
 * invitations themselves are made by sharing with an address that has no account.
 */
export class PendingInvitationService {
  readonly #access: AccessService;
  readonly #accounts: AccountService;
  readonly #invitations: InvitationService;
  readonly #clock: Clock;

  constructor(deps: { access: AccessService; accounts: AccountService; invitations: InvitationService; clock: Clock }) {
    this.#access = deps.access;
    this.#accounts = deps.accounts;
    this.#invitations = deps.invitations;
    this.#clock = deps.clock;
  }

  /** A page of the open invitations, most recently sent first; 404/403 as sharing, 422 `cursor` for a foreign cursor. */
  async list(userId: string, scope: InvitationScope, options: { limit: number; cursor?: string | undefined }): Promise<Page<PendingInvitationView>> {
    const target = await this.#target(userId, scope);
    const rows = await this.#invitations.listOpen(target.resourceType, target.resourceId);
    const page = pageArray(rows, (r) => r.id, options);
    const inviters = await this.#accounts.getUsers([...new Set(page.data.map((r) => r.invitedBy))]);
    return { data: page.data.map((invitation) => ({ invitation, invitedBy: inviters.get(invitation.invitedBy) ?? null })), nextCursor: page.nextCursor };
  }

  /**
   * Emails an open invitation again, in the caller's name, with its role; renews its 30 days.
   * 404 when the address has no open invitation; 429 `rate_limited` within `resendIntervalMs` of the last email.
   */
  async resend(userId: string, scope: InvitationScope, email: string, linkBase?: string): Promise<PendingInvitationView> {
    const target = await this.#target(userId, scope);
    const found = await this.#open(target, email);
    const wait = sentAt(found) + resendIntervalMs - this.#clock.now();
    if (wait > 0) {
      throw new ServiceError('rate_limited', `This invitation was emailed less than a minute ago; resend it in ${Math.ceil(wait / 1000)} s.`, {
        details: { retryAfterSeconds: Math.ceil(wait / 1000) },
      });
    }
    const actor = await this.#accounts.getUser(userId);
    const { invitation } = await this.#invitations.invite(target, {
      email: found.email,
      role: found.role,
      invitedBy: { id: userId, name: actor?.name ?? 'Someone' },
      linkBase,
    });
    return { invitation, invitedBy: actor };
  }

  /** Withdraws an open invitation: the address gets nothing at sign-in. 404 when it has none open (revoked already, accepted or expired). */
  async revoke(userId: string, scope: InvitationScope, email: string): Promise<void> {
    const target = await this.#target(userId, scope);
    const found = await this.#open(target, email);
    await this.#invitations.cancel(target.resourceType, target.resourceId, found.email);
  }

  async #open(target: InvitationTarget, email: string): Promise<InvitationRecord> {
    const found = await this.#invitations.find(target.resourceType, target.resourceId, email);
    if (!found) throw errors.notFound('Invitation');
    return found;
  }

  /** The space or board, once the caller's role allows sharing it (invitations are seen by those who may invite). */
  async #target(userId: string, scope: InvitationScope): Promise<InvitationTarget> {
    if (scope.resourceType === 'board') {
      const { board } = await this.#access.requireBoard(userId, scope.resourceId, 'share');
      return { resourceType: 'board', resourceId: board.id, name: board.title };
    }
    if (isBuiltInSpace(scope.resourceId)) throw errors.conflict(`The built-in "${scope.resourceId}" space cannot be shared.`);
    const { space } = await this.#access.requireSpace(userId, scope.resourceId, 'share');
    return { resourceType: 'space', resourceId: space.id, name: space.name };
  }
}
