import type { Clock, Collection, Database } from '../../storage/index.js';
import type { OAuthWorkspacePolicyRecord } from '../../storage/schema/oauth.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import type { Principal } from '../auth/Principal.js';
import { requireWorkspaceAdmin } from '../auth/Principal.js';

/** A workspace's OAuth rules as the API shows them. */
export interface WorkspaceOAuthPolicy {
  /** Whether people of the workspace may connect MCP clients and other self-registered clients; default true. */
  mcpClientsAllowed: boolean;
}

/**
 * The workspace setting that allows or refuses unverified clients (Dynamic Client Registration
 * and Client ID Metadata Document clients, which MCP clients use). Off: authorization is refused
 * with a page, and existing tokens of such clients stop working at once.
 */
export class WorkspacePolicyService {
  readonly #policies: Collection<OAuthWorkspacePolicyRecord>;
  readonly #clock: Clock;

  constructor(db: Database, clock: Clock) {
    this.#policies = db.collection<OAuthWorkspacePolicyRecord>(oauthCollections.workspacePolicies);
    this.#clock = clock;
  }

  /** Whether the workspace allows unverified clients (true unless an admin turned them off). */
  async mcpClientsAllowed(workspaceId: string): Promise<boolean> {
    return (await this.#policies.get(workspaceId))?.mcpClientsAllowed ?? true;
  }

  /** The principal's workspace policy. */
  async get(principal: Principal): Promise<WorkspaceOAuthPolicy> {
    return { mcpClientsAllowed: await this.mcpClientsAllowed(principal.workspace.id) };
  }

  /** Changes the principal's workspace policy; 403 `forbidden` unless an owner or admin. */
  async set(principal: Principal, policy: WorkspaceOAuthPolicy): Promise<WorkspaceOAuthPolicy> {
    requireWorkspaceAdmin(principal);
    await this.#policies.put({
      id: principal.workspace.id,
      mcpClientsAllowed: policy.mcpClientsAllowed,
      updatedAt: this.#clock.now(),
      updatedBy: principal.user.id,
    });
    return { mcpClientsAllowed: policy.mcpClientsAllowed };
  }
}
