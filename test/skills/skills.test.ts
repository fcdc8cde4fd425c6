import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoard, createSpace, share } from '../boards/helpers/api.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

const allScopes = 'user:read user:write boards:read boards:write ai:write skills:read skills:write';

const retro = {
  name: 'Sprint retro',
  description: 'Sorts sprint notes.',
  instructions: 'Sort each point.\nSections: Went well; To improve; Action items',
  placeholder: 'Sprint 14: ...',
  outputType: 'section',
  tags: ['Retro', 'agile', 'retro'],
};

describe('skills', () => {
  let t: TestServer;
  let pro: TestUser;
  let colleague: TestUser;
  let admin: TestUser;
  let outsider: TestUser;
  let basic: TestUser;

  /** A person who joins `owner`'s workspace with `role`, holding a key that acts there. */
  async function joinWorkspace(owner: TestUser, role: 'member' | 'admin'): Promise<TestUser> {
    const person = await t.createUser();
    await t.server.services.accounts.setMembership(owner.workspaceId, person.id, role);
    const { secret } = await t.server.services.apiKeys.create({ userId: person.id, scopes: allScopes, workspaceId: owner.workspaceId });
    return { ...person, workspaceId: owner.workspaceId, key: secret };
  }

  const workspaceSkills = async (user: TestUser): Promise<Body[]> => (await json(t.api(user.key, 'GET', '/skills?scope=workspace&limit=100'))).data;

  beforeAll(async () => {
    t = await startTestServer();
    pro = await t.createUser({ plan: 'pro' });
    colleague = await joinWorkspace(pro, 'member');
    admin = await joinWorkspace(pro, 'admin');
    outsider = await t.createUser({ plan: 'pro' });
    basic = await t.createUser({ plan: 'basic' });
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('the curated library', () => {
    it('is the default scope: cursor-paginated in name order, filtered by name or tag', async () => {
      const seen: Body[] = [];
      let cursor: string | null = null;
      do {
        const page: Body = await json(t.api(basic.key, 'GET', `/skills?limit=5${cursor ? `&cursor=${cursor}` : ''}`));
        expect(page.data.length).toBeLessThanOrEqual(5);
        seen.push(...page.data);
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(seen.length).toBeGreaterThanOrEqual(12);
      expect(seen.every((s) => s.scope === 'public' && s.createdBy === null)).toBe(true);
      const names = seen.map((s) => s.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect((await json(t.api(basic.key, 'GET', '/skills?scope=public&q=RETRO'))).data.map((s: Body) => s.id)).toEqual(['skl_pub_retrospective']);
      const agile = (await json(t.api(basic.key, 'GET', '/skills?q=agile'))).data.map((s: Body) => s.id);
      expect(agile).toEqual(expect.arrayContaining(['skl_pub_retrospective', 'skl_pub_kanban', 'skl_pub_user_story_map']));
    });

    it('a library skill can be read by anyone but changed by no one (403)', async () => {
      const skill = await json(t.api(basic.key, 'GET', '/skills/skl_pub_swot'));
      expect(skill).toMatchObject({ id: 'skl_pub_swot', scope: 'public', outputType: 'section', createdBy: null });
      await expectEnvelope(await t.api(admin.key, 'PATCH', '/skills/skl_pub_swot', { name: 'Mine now' }), 403, 'forbidden');
      await expectEnvelope(await t.api(pro.key, 'DELETE', '/skills/skl_pub_swot'), 403, 'forbidden');
      expect((await json(t.api(basic.key, 'GET', '/skills/skl_pub_swot'))).name).toBe('SWOT analysis');
    });

    it('bad list parameters are 422 naming them', async () => {
      expect((await expectEnvelope(await t.api(basic.key, 'GET', '/skills?scope=everyone'), 422, 'validation_failed')).error.field).toBe('scope');
      expect((await expectEnvelope(await t.api(basic.key, 'GET', `/skills?q=${'x'.repeat(101)}`), 422, 'validation_failed')).error.field).toBe('q');
      expect((await expectEnvelope(await t.api(basic.key, 'GET', '/skills?cursor=nope'), 422, 'validation_failed')).error.field).toBe('cursor');
    });
  });

  describe('custom skills', () => {
    it('on pro: created, seen by the workspace, changed and deleted by their author', async () => {
      const res = await t.api(pro.key, 'POST', '/skills', retro);
      expect(res.status).toBe(201);
      const created: Body = await res.json();
      expect(created).toMatchObject({ name: 'Sprint retro', outputType: 'section', tags: ['retro', 'agile'], scope: 'mine', createdBy: pro.id });
      expect(created.id).toMatch(/^skl_[0-9a-f]{20}$/);
      expect(await json(t.api(colleague.key, 'GET', `/skills/${created.id}`))).toMatchObject({ id: created.id, scope: 'workspace' });
      expect((await workspaceSkills(colleague)).map((s) => s.id)).toContain(created.id);
      expect((await json(t.api(colleague.key, 'GET', '/skills?scope=mine'))).data).toEqual([]);
      expect((await json(t.api(pro.key, 'GET', '/skills?scope=mine&q=retro'))).data.map((s: Body) => s.id)).toEqual([created.id]);

      const patched = await json(t.api(pro.key, 'PATCH', `/skills/${created.id}`, { name: 'Sprint retrospective', outputType: 'kanban' }));
      expect(patched).toMatchObject({ name: 'Sprint retrospective', outputType: 'kanban', instructions: retro.instructions });
      expect(Date.parse(patched.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
      expect((await t.api(pro.key, 'DELETE', `/skills/${created.id}`)).status).toBe(204);
      await expectEnvelope(await t.api(pro.key, 'GET', `/skills/${created.id}`), 404, 'not_found');
    });

    it("someone else's skill: 404 outside the workspace, 404 to change for a member, allowed for a workspace admin", async () => {
      const created = await json(t.api(pro.key, 'POST', '/skills', retro));
      await expectEnvelope(await t.api(outsider.key, 'GET', `/skills/${created.id}`), 404, 'not_found');
      await expectEnvelope(await t.api(outsider.key, 'PATCH', `/skills/${created.id}`, { name: 'x' }), 404, 'not_found');
      await expectEnvelope(await t.api(outsider.key, 'DELETE', `/skills/${created.id}`), 404, 'not_found');
      expect(await workspaceSkills(outsider)).toEqual([]);
      await expectEnvelope(await t.api(colleague.key, 'PATCH', `/skills/${created.id}`, { name: 'x' }), 404, 'not_found');
      await expectEnvelope(await t.api(colleague.key, 'DELETE', `/skills/${created.id}`), 404, 'not_found');
      expect((await json(t.api(admin.key, 'PATCH', `/skills/${created.id}`, { name: 'Tidied by admin' }))).name).toBe('Tidied by admin');
      expect((await t.api(admin.key, 'DELETE', `/skills/${created.id}`)).status).toBe(204);
      await expectEnvelope(await t.api(pro.key, 'GET', '/skills/skl_00000000000000000000'), 404, 'not_found');
    });

    it('on basic: 402 payment_required naming customSkills, nothing stored', async () => {
      const body = await expectEnvelope(await t.api(basic.key, 'POST', '/skills', retro), 402, 'payment_required');
      expect(body.error).toMatchObject({ limit: 'customSkills', plan: 'basic', max: false });
      expect(await workspaceSkills(basic)).toEqual([]);
    });

    it('past the per-workspace cap: 402 naming customSkillsPerWorkspace, shown in GET /me/limits', async () => {
      const owner = await t.createUser({ plan: 'pro' });
      const limits = await json(t.api(owner.key, 'GET', '/me/limits'));
      expect(limits.limits).toMatchObject({ customSkills: true, customSkillsPerWorkspace: 100 });
      expect((await json(t.api(basic.key, 'GET', '/me/limits'))).limits).toMatchObject({ customSkills: false, customSkillsPerWorkspace: 0 });
      const principal = await t.server.services.authenticator.authenticate(owner.key);
      if (!principal) throw new Error('the key does not authenticate');
      for (let i = 0; i < 100; i++) await t.server.services.skills.create(principal, { ...retro, name: `Skill ${i}` });
      const body = await expectEnvelope(await t.api(owner.key, 'POST', '/skills', retro), 402, 'payment_required');
      expect(body.error).toMatchObject({ limit: 'customSkillsPerWorkspace', plan: 'pro', max: 100, used: 100 });
      const page = await json(t.api(owner.key, 'GET', '/skills?scope=workspace&limit=100'));
      expect(page.data).toHaveLength(100);
      expect(page.nextCursor).toBeNull();
    });

    it('over-long or missing fields and unknown output types are 422 naming the field, nothing stored', async () => {
      const owner = await t.createUser({ plan: 'pro' });
      const cases: [Record<string, unknown>, string][] = [
        [{ ...retro, name: 'x'.repeat(101) }, 'name'],
        [{ ...retro, name: '   ' }, 'name'],
        [{ ...retro, description: 'x'.repeat(501) }, 'description'],
        [{ ...retro, instructions: 'x'.repeat(8001) }, 'instructions'],
        [{ ...retro, instructions: undefined }, 'instructions'],
        [{ ...retro, placeholder: 'x'.repeat(501) }, 'placeholder'],
        [{ ...retro, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
        [{ ...retro, tags: ['x'.repeat(41)] }, 'tags[0]'],
        [{ ...retro, outputType: 'hologram' }, 'outputType'],
        [{ ...retro, outputType: 'image' }, 'outputType'],
        [{ ...retro, scope: 'public' }, 'scope'],
      ];
      for (const [body, field] of cases) {
        const res = await expectEnvelope(await t.api(owner.key, 'POST', '/skills', body), 422, 'validation_failed');
        expect(res.error.field, JSON.stringify(body).slice(0, 80)).toBe(field);
      }
      expect(await workspaceSkills(owner)).toEqual([]);
      const created = await json(t.api(owner.key, 'POST', '/skills', retro));
      expect((await expectEnvelope(await t.api(owner.key, 'PATCH', `/skills/${created.id}`, { outputType: 'hologram' }), 422, 'validation_failed')).error.field).toBe('outputType');
      expect((await expectEnvelope(await t.api(owner.key, 'PATCH', `/skills/${created.id}`, { instructions: 'x'.repeat(8001) }), 422, 'validation_failed')).error.field).toBe('instructions');
      await expectEnvelope(await t.api(owner.key, 'PATCH', `/skills/${created.id}`, {}), 422, 'validation_failed');
      expect((await json(t.api(owner.key, 'GET', `/skills/${created.id}`))).outputType).toBe('section');
    });

    it('needs skills:read to read and skills:write to change', async () => {
      const readOnly = await t.createUser({ plan: 'pro', scopes: 'skills:read' });
      const none = await t.createUser({ plan: 'pro', scopes: 'boards:read' });
      await expectEnvelope(await t.api(none.key, 'GET', '/skills'), 403, 'insufficient_scope');
      await expectEnvelope(await t.api(none.key, 'GET', '/skills/skl_pub_swot'), 403, 'insufficient_scope');
      expect((await t.api(readOnly.key, 'GET', '/skills')).status).toBe(200);
      await expectEnvelope(await t.api(readOnly.key, 'POST', '/skills', retro), 403, 'insufficient_scope');
      await expectEnvelope(await t.api(readOnly.key, 'POST', '/skills/draft', { description: 'x', outputType: 'doc' }), 403, 'insufficient_scope');
    });
  });

  describe('drafts', () => {
    it('drafts a skill from a description on the builtin provider, spends a credit and stores nothing', async () => {
      const owner = await t.createUser({ plan: 'pro' });
      const before = (await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used;
      const res = await t.api(owner.key, 'POST', '/skills/draft', { description: 'Turn interview notes into the pains and gains of a customer', outputType: 'section' });
      expect(res.status).toBe(200);
      const draft: Body = await res.json();
      expect(draft).toMatchObject({ name: 'Turn Interview Notes Into the Pains', outputType: 'section', provider: 'builtin' });
      expect(draft.instructions).toContain('pains and gains');
      expect(draft.tags).toContain('section');
      expect((await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used).toBe(before + 1);
      expect(await workspaceSkills(owner)).toEqual([]);
      // The draft is a valid body of POST /skills as it is.
      const { name, description, instructions, placeholder, tags, outputType } = draft;
      expect((await t.api(owner.key, 'POST', '/skills', { name, description, instructions, placeholder, tags, outputType })).status).toBe(201);
    });

    it('a description that enumerates parts drafts a skill laid out under them', async () => {
      const owner = await t.createUser({ plan: 'pro' });
      const draft = await json(t.api(owner.key, 'POST', '/skills/draft', { description: 'Sort feedback into praise, problems and ideas', outputType: 'kanban' }));
      expect(draft.instructions).toContain('Columns: Praise; Problems; Ideas');
      const { name, description, instructions, placeholder, tags, outputType } = draft;
      const skill = await json(t.api(owner.key, 'POST', '/skills', { name, description, instructions, placeholder, tags, outputType }));
      const boardId = (await createBoard(t, owner)).id;
      const applied = await json(t.api(owner.key, 'POST', `/boards/${boardId}/skills/${skill.id}/apply`, { prompt: 'Beta feedback: Problem: slow sync; Praise: clean design' }));
      expect(applied.items.filter((i: Body) => i.type === 'section').map((i: Body) => i.data.title)).toEqual(['Praise', 'Problems', 'Ideas']);
      expect(applied.items.filter((i: Body) => i.type === 'card').map((i: Body) => [i.data.title, i.data.status])).toEqual([
        ['clean design', 'praise'],
        ['slow sync', 'problems'],
      ]);
    });

    it('bad drafts are 422 naming the field and spend nothing; out of credits is 402', async () => {
      const owner = await t.createUser({ plan: 'basic' });
      expect((await expectEnvelope(await t.api(owner.key, 'POST', '/skills/draft', { description: '  ', outputType: 'doc' }), 422, 'validation_failed')).error.field).toBe('description');
      expect((await expectEnvelope(await t.api(owner.key, 'POST', '/skills/draft', { description: 'x'.repeat(2001), outputType: 'doc' }), 422, 'validation_failed')).error.field).toBe('description');
      expect((await expectEnvelope(await t.api(owner.key, 'POST', '/skills/draft', { description: 'A retro', outputType: 'hologram' }), 422, 'validation_failed')).error.field).toBe('outputType');
      expect((await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used).toBe(0);
      await t.server.services.usage.consume(owner.workspaceId, 'basic', { credits: 100, messages: 0 });
      const body = await expectEnvelope(await t.api(owner.key, 'POST', '/skills/draft', { description: 'A retro', outputType: 'doc' }), 402, 'payment_required');
      expect(body.error).toMatchObject({ limit: 'aiCreditsPerMonth' });
    });
  });

  describe('apply', () => {
    it('forces the output type, spends 5 credits and writes one activity row', async () => {
      const owner = await t.createUser({ plan: 'pro' });
      const skill = await json(t.api(owner.key, 'POST', '/skills', { ...retro, outputType: 'kanban' }));
      const boardId = (await createBoard(t, owner)).id;
      const before = (await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used;
      const res = await t.api(owner.key, 'POST', `/boards/${boardId}/skills/${skill.id}/apply`, { prompt: 'Sprint 14: Went well: deploys; To improve: flaky tests', position: { x: 5000, y: 0 } });
      const body: Body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(body.outputType).toBe('kanban');
      expect(body.items.filter((i: Body) => i.type === 'section').map((i: Body) => i.data.title)).toEqual(['Went well', 'To improve', 'Action items']);
      expect(body.items.filter((i: Body) => i.type === 'card').map((i: Body) => i.data.title)).toEqual(['deploys', 'flaky tests']);
      expect((await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used).toBe(before + 5);
      const activity = (await json(t.api(owner.key, 'GET', `/boards/${boardId}/activity`))).data;
      expect(activity.filter((a: Body) => a.action === 'skill.applied')).toHaveLength(1);
    });

    it('unknown skill, a skill of another workspace, a board the caller can only view, bad prompts, no ai:write, out of credits', async () => {
      const owner = await t.createUser({ plan: 'pro' });
      const viewer = await t.createUser({ plan: 'pro' });
      const space = await createSpace(t, owner);
      const boardId = (await createBoard(t, owner, { spaceId: space.id })).id;
      await share(t, owner, space.id, viewer, 'viewer');
      const foreign = await json(t.api(outsider.key, 'POST', '/skills', retro));
      const apply = (user: TestUser, skillId: string, body: unknown = { prompt: 'Sprint 14' }) => t.api(user.key, 'POST', `/boards/${boardId}/skills/${skillId}/apply`, body);
      await expectEnvelope(await apply(owner, 'skl_pub_nope'), 404, 'not_found');
      await expectEnvelope(await apply(owner, foreign.id), 404, 'not_found');
      await expectEnvelope(await t.api(owner.key, 'POST', '/boards/brd_nope/skills/skl_pub_swot/apply', { prompt: 'x' }), 404, 'not_found');
      await expectEnvelope(await apply(viewer, 'skl_pub_swot'), 403, 'forbidden');
      expect((await expectEnvelope(await apply(owner, 'skl_pub_swot', { prompt: '   ' }), 422, 'validation_failed')).error.field).toBe('prompt');
      expect((await expectEnvelope(await apply(owner, 'skl_pub_swot', { prompt: 'x'.repeat(4001) }), 422, 'validation_failed')).error.field).toBe('prompt');
      expect((await expectEnvelope(await apply(owner, 'skl_pub_swot', { prompt: 'x', outputType: 'doc' }), 422, 'validation_failed')).error.field).toBe('outputType');
      const noAi = await t.createUser({ plan: 'pro', scopes: 'boards:read boards:write skills:read skills:write' });
      await expectEnvelope(await t.api(noAi.key, 'POST', `/boards/${(await createBoard(t, noAi)).id}/skills/skl_pub_swot/apply`, { prompt: 'x' }), 403, 'insufficient_scope');
      expect((await json(t.api(owner.key, 'GET', '/me/credits'))).credits.used).toBe(0);
      expect((await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data).toEqual([]);

      const poor = await t.createUser({ plan: 'basic' });
      const poorBoard = (await createBoard(t, poor)).id;
      await t.server.services.usage.consume(poor.workspaceId, 'basic', { credits: 96, messages: 0 });
      const body = await expectEnvelope(await t.api(poor.key, 'POST', `/boards/${poorBoard}/skills/skl_pub_swot/apply`, { prompt: 'Our bakery' }), 402, 'payment_required');
      expect(body.error).toMatchObject({ limit: 'aiCreditsPerMonth' });
      expect((await json(t.api(poor.key, 'GET', `/boards/${poorBoard}/items`))).data).toEqual([]);
    });

    it('Prefer: respond-async answers 202 with a job that builds the skill', async () => {
      const owner = await t.createUser({ plan: 'basic' });
      const boardId = (await createBoard(t, owner)).id;
      const res = await t.api(owner.key, 'POST', `/boards/${boardId}/skills/skl_pub_mind_map/apply`, { prompt: 'Team offsite 2027' }, { Prefer: 'respond-async' });
      expect(res.status).toBe(202);
      const job: Body = await res.json();
      expect(res.headers.get('location')).toBe(`/v1/jobs/${job.id}`);
      expect(job.kind).toBe('skill.apply');
      await t.server.services.jobs.idle();
      const done = await json(t.api(owner.key, 'GET', `/jobs/${job.id}`));
      expect(done).toMatchObject({ status: 'succeeded', result: { outputType: 'mind_map' } });
      const types = new Set((await json(t.api(owner.key, 'GET', `/boards/${boardId}/items`))).data.map((i: Body) => i.type));
      expect([...types].sort()).toEqual(['connector', 'shape']);
    });
  });
});
