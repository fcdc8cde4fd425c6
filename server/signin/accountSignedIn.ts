import type { Clock } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { AccountService } from '../accounts/AccountService.js';
import { defaultName, normaliseEmail } from '../accounts/AccountService.js';
import type { RecordEventJournal, RecordPlan } from '../boards/RecordEventJournal.js';
import type { RecordMark } from '../boards/RecordMark.js';

/** Where a sign-in journals its `account.signed_in` (the boards' `RecordEventJournal`). */
export type SignInRecords = Pick<RecordEventJournal, 'record'>;

/**
 * The account of a person who just proved they own `email` (email code or an identity provider),
 * created at their first sign-in; then `account.signed_in` on the bus (open invitations are
 * accepted by its subscriber before the sign-in answers). The event is journaled before the
 * account is created, so a stop in between announces it once the store is opened again (and a
 * sign-in of an existing account journals it too: nothing is stored, the row just carries the
 * event). Returns the user id.
 */
export async function accountSignedIn(
  deps: { accounts: AccountService; records?: SignInRecords | undefined; clock: Clock },
  email: string,
  name?: string,
): Promise<string> {
  const existing = await deps.accounts.findUserByEmail(email);
  const ids = existing === null ? { userId: newId('usr'), workspaceId: newId('wsp') } : { userId: existing.id, workspaceId: existing.workspaceId };
  const store = async (mark?: RecordMark): Promise<void> => {
    if (existing === null) await deps.accounts.createUser({ email, ...(name ? { name } : {}), ids }, mark);
  };
  if (deps.records === undefined) {
    await store();
    return ids.userId;
  }
  // The account as it is, or as createUser makes it.
  const user = existing ?? { id: ids.userId, email: normaliseEmail(email), name: name ? name.trim().slice(0, 200) : defaultName(normaliseEmail(email)) };
  const payload = { workspaceId: ids.workspaceId, actor: { userId: user.id, name: user.name }, at: deps.clock.now(), user: { id: user.id, email: user.email }, created: existing === null };
  // A new account carries the row (its creation is the sign-in's write); an existing one is there.
  const told: Pick<RecordPlan, 'marked' | 'stored'> = existing === null ? { marked: { collection: 'users', id: ids.userId, read: null }, stored: [] } : { stored: [{ collection: 'users', filter: { id: ids.userId } }] };
  await deps.records.record({ ...told, events: [{ type: 'account.signed_in', payload }] }, store);
  return ids.userId;
}
