import type { AccountService } from '../accounts/AccountService.js';
import type { CredentialResolver } from '../auth/Authenticator.js';
import type { Scope } from '../auth/scopes.js';
import type { GrantService } from './GrantService.js';
import type { OAuthAppService } from './OAuthAppService.js';
import { isUnverifiedClient } from './unverifiedClients.js';
import type { WorkspacePolicyService } from './WorkspacePolicyService.js';

/**
 * Resolves `bds_at_` access tokens to the approving person, in the connection's workspace,
 * with the granted scopes (SPEC "Authentication" 3). Rights come from current memberships, so
 * a token never outlives the person's access.
 */
export function accessTokenResolver(
  grants: GrantService,
  apps: OAuthAppService,
  accounts: AccountService,
  policies: WorkspacePolicyService,
): CredentialResolver {
  return async (secret) => {
    const live = await grants.resolveAccessToken(secret);
    if (!live) return null;
    const { connection, token } = live;
    const app = await apps.find(connection.clientId);
    if (!app || app.deletedAt !== null || app.disabledAt !== null) return null;
    const member = await accounts.memberInWorkspace(connection.userId, connection.workspaceId);
    if (!member) return null;
    const { user, membership, workspace } = member;
    // An admin turning unverified clients off ends their access at once, not at token expiry.
    if (isUnverifiedClient(app) && !(await policies.mcpClientsAllowed(workspace.id))) return null;
    return {
      user,
      workspace,
      workspaceRole: membership.role,
      scopes: new Set(token.scopes as Scope[]),
      credential: { kind: 'access_token', id: connection.id, clientId: app.id, expiresAtMs: token.expiresAt },
      ...(connection.resource ? { audience: connection.resource } : {}),
    };
  };
}
