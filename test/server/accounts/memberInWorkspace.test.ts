import { describe, expect, it } from 'vitest';
import { AccountService } from '../../../server/accounts/AccountService.js';
import { accountCollections } from '../../../storage/schema/accounts.js';
import { systemClock } from '../../../storage/index.js';
import { bothStores } from '../../storage/bothStores.js';

describe.each(bothStores('boards-member-'))('the person a credential acts as (%s)', (_name, open) => {
  it('reads the person, their membership and the workspace together, and null once they leave it', async () => {
    const db = await open();
    const accounts = new AccountService(db, systemClock);
    const { user: owner, workspace } = await accounts.createUser({ email: 'owner@example.com' });
    const { user: guest } = await accounts.createUser({ email: 'guest@example.com' });
    await accounts.setMembership(workspace.id, guest.id, 'member', owner.id);

    const member = await accounts.memberInWorkspace(guest.id, workspace.id);
    expect(member?.user.id).toBe(guest.id);
    expect(member?.membership.role).toBe('member');
    expect(member?.workspace.id).toBe(workspace.id);
    expect((await accounts.memberInWorkspace(owner.id, workspace.id))?.membership.role).toBe('owner');

    await accounts.removeMembership(workspace.id, guest.id, owner.id);
    expect(await accounts.memberInWorkspace(guest.id, workspace.id)).toBeNull();
    expect(await accounts.memberInWorkspace('usr_unknown', workspace.id)).toBeNull();
    expect(await accounts.memberInWorkspace(owner.id, 'wsp_unknown')).toBeNull();
  });

  it('answers 404 when the membership outlived its workspace', async () => {
    const db = await open();
    const accounts = new AccountService(db, systemClock);
    const { user, workspace } = await accounts.createUser({ email: 'alone@example.com' });
    await db.collection(accountCollections.workspaces).deleteMany({ id: workspace.id });
    await expect(accounts.memberInWorkspace(user.id, workspace.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
