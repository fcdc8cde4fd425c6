import { describe, expect, it } from 'vitest';
import type { AiService } from '../../server/ai/AiService.js';
import type { Principal } from '../../server/auth/Principal.js';
import { SkillService } from '../../server/skills/SkillService.js';
import type { Database } from '../../storage/index.js';
import { bothStores } from '../storage/bothStores.js';
import { ManualClock } from '../../storage/index.js';

const stores = bothStores('boards-skills-');

function principal(userId: string, workspaceId: string, plan: 'basic' | 'pro', workspaceRole: 'owner' | 'admin' | 'member' = 'member'): Principal {
  return { user: { id: userId, email: `${userId}@example.com`, name: userId, workspaceId, createdAt: 0 }, workspace: { id: workspaceId, plan }, workspaceRole } as unknown as Principal;
}

const skill = (name: string, tags: string[] = []) => ({ name, instructions: 'Sections: A; B', outputType: 'section', tags });

describe.each(stores)('skills service on %s', (_name, open) => {
  // Listing, changing and deleting never reach the AI assistant: drafts and apply are tested over HTTP.
  const service = (db: Database, clock = new ManualClock(Date.UTC(2026, 9, 5))) => new SkillService(db, { ai: {} as AiService, clock });

  it('lists a workspace in name order across pages, filters by name or tag, and keeps workspaces apart', async () => {
    const db = await open();
    const skills = service(db);
    const ana = principal('usr_ana', 'wsp_1', 'pro');
    const ben = principal('usr_ben', 'wsp_1', 'pro');
    for (const [who, name, tags] of [
      [ana, 'delta', ['ops']],
      [ben, 'Alpha', ['research']],
      [ana, 'charlie', []],
      [ben, 'bravo', ['ops', 'team']],
      [ana, 'Echo', []],
    ] as const) {
      await skills.create(who, skill(name, [...tags]));
    }
    await skills.create(principal('usr_eve', 'wsp_2', 'pro'), skill('alpha elsewhere'));
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await skills.list(ana, { scope: 'workspace', limit: 2, cursor });
      names.push(...page.data.map((s) => s.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(names).toEqual(['Alpha', 'bravo', 'charlie', 'delta', 'Echo']);
    expect((await skills.list(ana, { scope: 'mine', limit: 20 })).data.map((s) => [s.name, s.scope])).toEqual([
      ['charlie', 'mine'],
      ['delta', 'mine'],
      ['Echo', 'mine'],
    ]);
    expect((await skills.list(ana, { scope: 'workspace', q: 'OP', limit: 20 })).data.map((s) => s.name)).toEqual(['bravo', 'delta']);
    expect((await skills.list(ana, { scope: 'workspace', q: 'alp', limit: 20 })).data.map((s) => [s.name, s.scope])).toEqual([['Alpha', 'workspace']]);
    await db.close();
  });

  it('only the author or a workspace admin changes a skill; basic stores nothing', async () => {
    const db = await open();
    const clock = new ManualClock(Date.UTC(2026, 9, 5));
    const skills = service(db, clock);
    const ana = principal('usr_ana', 'wsp_1', 'pro');
    const created = await skills.create(ana, skill('Retro'));
    clock.advance(1000);
    await expect(skills.update(principal('usr_ben', 'wsp_1', 'pro'), created.id, { name: 'x' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(skills.delete(principal('usr_eve', 'wsp_2', 'pro', 'owner'), created.id)).rejects.toMatchObject({ code: 'not_found' });
    const renamed = await skills.update(principal('usr_boss', 'wsp_1', 'pro', 'admin'), created.id, { name: 'Team retro', tags: ['Retro'] });
    expect(renamed).toMatchObject({ name: 'Team retro', tags: ['retro'], createdBy: 'usr_ana', updatedAt: created.updatedAt + 1000, createdAt: created.createdAt });
    await expect(skills.update(ana, 'skl_pub_swot', { name: 'x' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(skills.create(principal('usr_bo', 'wsp_3', 'basic'), skill('Nope'))).rejects.toMatchObject({ code: 'payment_required' });
    await expect(skills.create(ana, { ...skill('Bad'), outputType: 'image' })).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'outputType' } });
    expect((await skills.list(principal('usr_bo', 'wsp_3', 'basic'), { scope: 'workspace', limit: 20 })).data).toEqual([]);
    await skills.delete(ana, created.id);
    await expect(skills.get(ana, created.id)).rejects.toMatchObject({ code: 'not_found' });
    await db.close();
  });
});
