import type { TestServer, TestUser } from '../../helpers/testServer.js';

/** A person as response bodies name them. */
export interface PersonBody {
  id: string;
  name: string;
  email: string;
}

/** A space response body. */
export interface SpaceBody {
  id: string;
  kind: 'space' | 'default' | 'trash';
  name: string;
  workspaceId: string | null;
  owner: PersonBody | null;
  role: string | null;
  shared: boolean;
  boardCount: number;
  spaceCount: number;
  position: number | null;
  trashedAt: string | null;
  purgeAt: string | null;
  links: { self: string; boards: string; members: string | null; publicLink: string | null };
}

/** A board response body. */
export interface BoardBody {
  id: string;
  title: string;
  description: string;
  spaceId: string | null;
  workspaceId: string;
  owner: PersonBody | null;
  role: string;
  locked: boolean;
  position: number;
  createdAt: string;
  updatedAt: string;
  trashedAt: string | null;
  purgeAt: string | null;
  links: Record<string, string>;
}

/** A member response body. */
export interface MemberBody {
  email: string;
  user: PersonBody;
  role: string;
  source: string;
  inheritedFrom: { spaceId: string; name: string } | null;
  created?: boolean;
}

/** A public link response body. */
export interface LinkBody {
  enabled: boolean;
  role: string;
  token: string | null;
  url: string | null;
  expiresAt: string | null;
}

/** An activity row body. */
export interface ActivityBody {
  id: string;
  action: string;
  actor: PersonBody | null;
  itemId: string | null;
  data: Record<string, unknown>;
}

/** A list body. */
export interface PageBody<T> {
  data: T[];
  nextCursor: string | null;
}

/** Reads a JSON body after checking the status (the body is in the failure message). */
export async function read<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Calls the API as a test user. */
export function as(t: TestServer, user: Pick<TestUser, 'key'>) {
  return (method: string, path: string, body?: unknown) => t.api(user.key, method, path, body);
}

/** Creates a space through the API and returns it. */
export async function createSpace(t: TestServer, user: TestUser, name = 'Space'): Promise<SpaceBody> {
  return read<SpaceBody>(await t.api(user.key, 'POST', '/spaces', { name }), 201);
}

/** Creates a board through the API and returns it. */
export async function createBoard(t: TestServer, user: TestUser, input: { title?: string; spaceId?: string } = {}): Promise<BoardBody> {
  return read<BoardBody>(await t.api(user.key, 'POST', '/boards', { title: 'Board', ...input }), 201);
}

/** Shares a space with a person through the API. */
export async function share(t: TestServer, owner: TestUser, spaceId: string, member: TestUser, role: string): Promise<void> {
  await read(await t.api(owner.key, 'POST', `/spaces/${spaceId}/members`, { email: member.email, role }), 200);
}
