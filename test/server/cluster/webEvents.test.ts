import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../helpers/testServer.js';
import type { TestServer, TestUser } from '../../helpers/testServer.js';
import { openEventStream } from '../../helpers/eventStream.js';
import type { TestEventStream } from '../../helpers/eventStream.js';
import { redisAvailable, startRedis } from '../../helpers/redis.js';
import type { TestRedis } from '../../helpers/redis.js';
import { startTwoServers } from './twoServers.js';
import type { TwoServers } from './twoServers.js';

const available = redisAvailable('the cluster tests');

describe.skipIf(!available)('two servers over one store and one Redis: the web app’s event streams', () => {
  let redis: TestRedis;
  let servers: TwoServers;
  let owner: TestUser;
  let member: TestUser;
  const streams: TestEventStream[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    servers = await startTwoServers(redis.url);
    owner = await servers.a.createUser({ name: 'Ana', plan: 'business' });
    member = await servers.a.createUser({ name: 'Ben' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await servers?.stop();
    await redis?.stop();
  });

  async function follow(server: TestServer, user: TestUser, query: string): Promise<TestEventStream> {
    const { token } = await server.server.services.oauth.sessions.createSession(user.id);
    const stream = await openEventStream(server.url, query, { Cookie: `bds_session=${token}` });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'access');
    return stream;
  }

  it('a role changed through one server reaches the person’s stream and the owner’s on the other', async () => {
    const boardId = (await json(servers.a.api(owner.key, 'POST', '/boards', { title: 'Across' }))).id as string;
    await servers.a.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: member.email, role: 'editor' });
    const theirs = await follow(servers.b, member, `board=${boardId}`);
    const mine = await follow(servers.b, owner, `board=${boardId}`);
    expect((await servers.a.api(owner.key, 'PATCH', `/boards/${boardId}/members/${encodeURIComponent(member.email)}`, { role: 'viewer' })).status).toBe(200);
    expect(await theirs.next((e) => e.event === 'access')).toMatchObject({ data: { resourceId: boardId, role: 'viewer', canEdit: false } });
    await mine.next((e) => e.event === 'sharing' && e.data.resourceId === boardId);
    // An invitation made on A is heard on B too.
    await servers.a.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: `across.${Date.now()}@example.com`, role: 'viewer' });
    await mine.next((e) => e.event === 'sharing');
    // Removed on A: the stream on B says so and ends.
    expect((await servers.a.api(owner.key, 'DELETE', `/boards/${boardId}/members/${encodeURIComponent(member.email)}`)).status).toBe(204);
    expect(await theirs.next((e) => e.event === 'access')).toMatchObject({ data: { role: null } });
    await theirs.ended;
  });

  it('after Redis was away, every stream is told to resync (news published meanwhile is lost)', async () => {
    const boardId = (await json(servers.a.api(owner.key, 'POST', '/boards', { title: 'Outage' }))).id as string;
    const mine = await follow(servers.b, owner, `board=${boardId}`);
    await redis.kill();
    await redis.start();
    expect(await mine.next((e) => e.event === 'resync', 20_000)).toMatchObject({ data: { resourceType: 'board', resourceId: boardId } });
  });
});
