import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCreateItem } from '../../crdt/index.js';
import { scaffoldHeadings } from '../../server/ai/builtin/skillScaffold.js';
import { skillLibrary } from '../../server/skills/skillLibrary.js';
import { expectNoOverlap } from '../ai/helpers.js';
import { createBoard } from '../boards/helpers/api.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

describe('the curated skill library on the builtin provider', () => {
  let t: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestServer();
    owner = await t.createUser({ plan: 'business' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('ships at least 12 public skills, each naming the headings its result is laid out under', () => {
    expect(skillLibrary.length).toBeGreaterThanOrEqual(12);
    expect(new Set(skillLibrary.map((s) => s.id)).size).toBe(skillLibrary.length);
    for (const skill of skillLibrary) {
      expect(skill.id).toMatch(/^skl_pub_[a-z_]+$/);
      expect(skill.name.length).toBeLessThanOrEqual(100);
      expect(skill.description.length).toBeLessThanOrEqual(500);
      expect(skill.instructions.length).toBeLessThanOrEqual(8000);
      expect(scaffoldHeadings(skill.instructions)?.length, skill.id).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(skillLibrary.map((s) => [s.id, s] as const))('%s applied to an empty board: valid items, no overlap, its headings and the prompt on the board', async (_id, skill) => {
    for (const prompt of [skill.placeholder, 'Website relaunch']) {
      const boardId = (await createBoard(t, owner)).id;
      const res = await t.api(owner.key, 'POST', `/boards/${boardId}/skills/${skill.id}/apply`, { prompt });
      const body: Body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(body.outputType).toBe(skill.outputType);
      expect(body.provider).toBe('builtin');
      const items: Body[] = (await json(t.api(owner.key, 'GET', `/boards/${boardId}/items?limit=100`))).data;
      expect(items.length).toBe(body.items.length);
      for (const item of items) expect(() => validateCreateItem({ type: item.type, position: item.position, size: item.size, data: item.data })).not.toThrow();
      expectNoOverlap(items);
      const text = JSON.stringify(items.map((i) => i.data));
      for (const heading of scaffoldHeadings(skill.instructions) ?? []) expect(text, `${skill.id}: ${heading}`).toContain(JSON.stringify(heading).slice(1, -1));
      if (prompt === 'Website relaunch') expect(text).toContain('Website relaunch');
    }
  });
});
