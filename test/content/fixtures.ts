import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';
import { createBoard } from './helpers.js';

/** A board in a space shared with a person for every role, plus a stranger. */
export interface SharedBoard {
  boardId: string;
  spaceId: string;
  owner: TestUser;
  editor: TestUser;
  commenter: TestUser;
  viewer: TestUser;
  stranger: TestUser;
}

/** Creates a space on a pro workspace, shares it by role, and creates a board in it. */
export async function sharedBoard(t: TestServer): Promise<SharedBoard> {
  const owner = await t.createUser({ plan: 'pro', name: 'Olive' });
  const [editor, commenter, viewer, stranger] = await Promise.all([
    t.createUser({ name: 'Eddie' }),
    t.createUser({ name: 'Cora' }),
    t.createUser({ name: 'Vic' }),
    t.createUser({ name: 'Stan' }),
  ]);
  const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Team' }));
  for (const [user, role] of [
    [editor, 'editor'],
    [commenter, 'commenter'],
    [viewer, 'viewer'],
  ] as const) {
    const res = await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email: user.email, role });
    if (res.status >= 300) throw new Error(`share failed: ${res.status} ${await res.text()}`);
  }
  const res = await t.api(owner.key, 'POST', '/boards', { title: 'Roadmap', spaceId: space.id });
  if (res.status !== 201) throw new Error(`board failed: ${await res.text()}`);
  const boardId = (await json(res)).id as string;
  return { boardId, spaceId: space.id as string, owner, editor, commenter, viewer, stranger };
}

export { createBoard };
