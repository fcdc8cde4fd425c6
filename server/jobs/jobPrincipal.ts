import type { ImportInputRecord, JobRecord } from '../../storage/schema/jobs.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { Principal } from '../auth/Principal.js';
import { isScope } from '../auth/scopes.js';

/**
 * Who a job taken up after a restart acts as: the person who started it, in the job's
 * workspace, with the credential and scopes it was started with. Null when the person or their
 * membership of the workspace is gone. Rights on the board are checked again by each write.
 */
export async function jobPrincipal(accounts: AccountService, job: JobRecord, started: Pick<ImportInputRecord, 'credential' | 'scopes'>): Promise<Principal | null> {
  const user = await accounts.getUser(job.userId);
  const membership = await accounts.getMembership(job.workspaceId, job.userId);
  if (user === null || membership === null) return null;
  const workspace = await accounts.getWorkspace(job.workspaceId);
  return { user, workspace, workspaceRole: membership.role, scopes: new Set(started.scopes.filter(isScope)), credential: started.credential };
}
