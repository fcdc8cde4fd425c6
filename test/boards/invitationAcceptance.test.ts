import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityRecord, BoardMemberRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { createBoard } from '../content/helpers.js';
import { startTestServer } from '../helpers/testServer.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { signIn } from '../oauth/helpers/oauthFlow.js';

/**
 * An invitation is removed once it is honoured at sign-in, not before: a stop while the
 * invitations of an address are honoured (simulated: a share or a removal fails as a kill there
 * would cut it) leaves them to the next sign-in (or the sign-in's replay), which shares each once.
 */

let t: TestServer;
let olive: TestUser;
let boardId = '';

/** The address's membership of the board and its `board.shared` activity rows. */
async function shared(email: string): Promise<{ members: number; activity: number; invited: boolean }> {
  const services = t.server.services;
  const user = await services.accounts.findUserByEmail(email);
  const invited = (await services.invitations.find('board', boardId, email)) !== null;
  if (!user) return { members: 0, activity: 0, invited };
  const members = await services.db.collection<BoardMemberRecord>(boardCollections.boardMembers).count({ boardId, userId: user.id });
  const rows = await services.db.collection<ActivityRecord>(boardCollections.activity).find({ boardId, action: 'board.shared' });
  return { members, activity: rows.filter((row) => row.data.userId === user.id).length, invited };
}

beforeAll(async () => {
  t = await startTestServer();
  olive = await t.createUser({ name: 'Olive', plan: 'pro' });
  boardId = await createBoard(t, olive.key);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.stop();
});

describe('invitations honoured at sign-in', () => {
  it('a sign-in cut off before the share leaves the invitation to the next sign-in', async () => {
    const email = 'cut.before.share@example.com';
    expect((await t.api(olive.key, 'POST', `/boards/${boardId}/members`, { email, role: 'editor' })).status).toBeLessThan(300);
    vi.spyOn(t.server.services.boardMembers, 'share').mockRejectedValueOnce(new Error('the process was killed here'));
    await signIn(t, email);
    expect(await shared(email)).toEqual({ members: 0, activity: 0, invited: true });
    vi.restoreAllMocks();
    await signIn(t, email);
    expect(await shared(email)).toEqual({ members: 1, activity: 1, invited: false });
  });

  it('a sign-in cut off after the share and before the removal shares nothing twice', async () => {
    const email = 'cut.after.share@example.com';
    expect((await t.api(olive.key, 'POST', `/boards/${boardId}/members`, { email, role: 'viewer' })).status).toBeLessThan(300);
    vi.spyOn(t.server.services.invitations, 'accepted').mockRejectedValueOnce(new Error('the process was killed here'));
    await signIn(t, email);
    expect(await shared(email)).toEqual({ members: 1, activity: 1, invited: true });
    vi.restoreAllMocks();
    await signIn(t, email);
    expect(await shared(email)).toEqual({ members: 1, activity: 1, invited: false });
  });
});
