import { describe, expect, it } from 'vitest';
import type { Database } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import type { SkillRecord } from '../../storage/schema/skills.js';
import { skillCollections } from '../../storage/schema/skills.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { MingoStandInDb } from './mingoStandIn.js';

const adapters: [string, () => Database][] = [
  ['sqlite', () => new SqliteDatabase({ dataDir: ':memory:' })],
  ['mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())],
];

function skill(id: string, workspaceId: string, createdBy: string, name: string): SkillRecord {
  return {
    id,
    workspaceId,
    createdBy,
    name,
    description: 'Turns notes into a retrospective.',
    instructions: 'Sort the points.\nSections: Went well; To improve; Action items',
    placeholder: 'Sprint 14: what went well, what did not',
    outputType: 'section',
    tags: ['retro', 'agile'],
    createdAt: 1,
    updatedAt: 1,
  };
}

describe.each(adapters)('skill storage (%s)', (_name, open) => {
  it('keeps skills whole with their tags and finds them per workspace and per author', async () => {
    const db = open();
    const skills = db.collection<SkillRecord>(skillCollections.skills);
    await db.ensureIndexes();
    await skills.insert(skill('skl_a', 'wsp_1', 'usr_1', 'Retro'));
    await skills.insert(skill('skl_b', 'wsp_1', 'usr_2', 'SWOT'));
    await skills.insert(skill('skl_c', 'wsp_2', 'usr_3', 'Other'));
    expect(await skills.get('skl_a')).toStrictEqual(skill('skl_a', 'wsp_1', 'usr_1', 'Retro'));
    expect((await skills.find({ workspaceId: 'wsp_1' }, { sort: [['id', 1]] })).map((s) => s.id)).toEqual(['skl_a', 'skl_b']);
    expect((await skills.find({ workspaceId: 'wsp_1', createdBy: 'usr_2' })).map((s) => s.id)).toEqual(['skl_b']);
    expect(await skills.count({ workspaceId: 'wsp_1' })).toBe(2);
    await db.close();
  });

  it('updates fields and the tag list in place, and deletes only the skill asked for', async () => {
    const db = open();
    const skills = db.collection<SkillRecord>(skillCollections.skills);
    await db.ensureIndexes();
    await skills.insert(skill('skl_a', 'wsp_1', 'usr_1', 'Retro'));
    await skills.insert(skill('skl_b', 'wsp_1', 'usr_1', 'SWOT'));
    const updated = await skills.updateOne({ id: 'skl_a', workspaceId: 'wsp_1' }, { $set: { name: 'Sprint retro', tags: ['retro'], updatedAt: 2 } });
    expect(updated).toMatchObject({ name: 'Sprint retro', tags: ['retro'], updatedAt: 2, createdAt: 1, outputType: 'section' });
    expect(await skills.updateOne({ id: 'skl_a', workspaceId: 'wsp_2' }, { $set: { name: 'x' } })).toBeNull();
    expect(await skills.deleteMany({ id: 'skl_a' })).toBe(1);
    expect(await skills.get('skl_a')).toBeNull();
    expect((await skills.get('skl_b'))?.name).toBe('SWOT');
    await db.close();
  });
});
