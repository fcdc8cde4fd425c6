import type { Clock } from '../../storage/index.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { DomainEvents } from '../events/DomainEvents.js';

/**
 * The account of a person who just proved they own `email` (email code or an identity provider),
 * created at their first sign-in; then `account.signed_in` on the bus (open invitations are
 * accepted by its subscriber before the sign-in answers). Returns the user id.
 */
export async function accountSignedIn(
  deps: { accounts: AccountService; events?: DomainEvents | undefined; clock: Clock },
  email: string,
  name?: string,
): Promise<string> {
  const existing = await deps.accounts.findUserByEmail(email);
  const user = existing ?? (await deps.accounts.createUser({ email, ...(name ? { name } : {}) })).user;
  await deps.events?.emit('account.signed_in', {
    workspaceId: user.workspaceId,
    actor: { userId: user.id, name: user.name },
    at: deps.clock.now(),
    user: { id: user.id, email: user.email },
    created: existing === null,
  });
  return user.id;
}
