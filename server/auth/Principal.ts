import type { UserRecord, WorkspaceRecord } from '../../storage/schema/accounts.js';
import type { WorkspaceRole } from '../accounts/AccountService.js';
import { errors } from '../errors.js';
import type { Scope } from './scopes.js';

/** The kind of credential a request carries. */
export type CredentialKind = 'api_key' | 'access_token' | 'web_session';

/**
 * Who a request acts as: the person behind the credential, in the credential's workspace,
 * limited to the credential's scopes. Rights (roles) are checked against the person's current
 * memberships on every request, so a key never outlives its creator's rights.
 */
export interface Principal {
  readonly user: UserRecord;
  readonly workspace: WorkspaceRecord;
  readonly workspaceRole: WorkspaceRole;
  readonly scopes: ReadonlySet<Scope>;
  readonly credential: {
    readonly kind: CredentialKind;
    readonly id: string;
    /** The OAuth app, for access tokens. */
    readonly clientId?: string;
    /** When the credential stops working by itself, epoch ms; absent when it does not expire. */
    readonly expiresAtMs?: number;
  };
  /**
   * The resource (RFC 8707) an OAuth access token is bound to, e.g. `<public url>/mcp`; absent
   * for unbound credentials. `audienceAccepted` (server/oauth) says where it may be used.
   */
  readonly audience?: string;
}

/** Throws 403 `forbidden` unless the person is an owner or admin of the principal's workspace. */
export function requireWorkspaceAdmin(principal: Principal): void {
  if (principal.workspaceRole !== 'owner' && principal.workspaceRole !== 'admin') {
    throw errors.forbidden('Only workspace owners and admins can change this.');
  }
}
