import type { UserRecord, WorkspaceRecord } from '../../storage/schema/accounts.js';
import type { AccountService } from '../accounts/AccountService.js';

/** The notification settings that govern one person. */
export type RecipientSettings = WorkspaceRecord['notificationSettings'];

/**
 * The notification settings of each person: those of the person's own workspace (the one made
 * with their account, `user.workspaceId`), whichever workspace the board belongs to. A person
 * whose workspace is gone gets none.
 */
export async function recipientSettings(accounts: AccountService, users: readonly UserRecord[]): Promise<Map<string, RecipientSettings>> {
  const byWorkspace = new Map<string, RecipientSettings | null>();
  const out = new Map<string, RecipientSettings>();
  for (const user of users) {
    if (!byWorkspace.has(user.workspaceId)) {
      byWorkspace.set(user.workspaceId, await accounts.getWorkspace(user.workspaceId).then((w) => w.notificationSettings, () => null));
    }
    const settings = byWorkspace.get(user.workspaceId);
    if (settings) out.set(user.id, settings);
  }
  return out;
}
