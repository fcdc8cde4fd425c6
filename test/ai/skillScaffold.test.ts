import { describe, expect, it } from 'vitest';
import { BuiltinProvider } from '../../server/ai/builtin/BuiltinProvider.js';
import { parsePrompt } from '../../server/ai/builtin/promptStructure.js';
import { applyScaffold, scaffoldHeadings } from '../../server/ai/builtin/skillScaffold.js';
import { planOutputSchema } from '../../server/ai/aiTasks.js';

describe("a skill's scaffold on the builtin provider", () => {
  it('reads the headings of a Sections/Columns/Branches line, split at ; or |', () => {
    expect(scaffoldHeadings('Be brief.\nSections: Went well; To improve ; Action items')).toEqual(['Went well', 'To improve', 'Action items']);
    expect(scaffoldHeadings('columns: Pros | Cons | Pros')).toEqual(['Pros', 'Cons']);
    expect(scaffoldHeadings('Branches:   ;  ')).toBeNull();
    expect(scaffoldHeadings('Just do it well.')).toBeNull();
  });

  it('routes "Heading: text" entries under their heading, the rest under the first, and keeps the title', () => {
    const headings = ['Strengths', 'Weaknesses', 'Opportunities', 'Threats'];
    const outline = applyScaffold(parsePrompt('Our bakery: Strength: loyal customers; Threat: a chain store nearby; fresh bread daily'), headings);
    expect(outline.title).toBe('Our bakery');
    expect(outline.groups.map((g) => [g.heading, g.entries.map((e) => e.text)])).toEqual([
      ['Strengths', ['loyal customers', 'fresh bread daily']],
      ['Weaknesses', []],
      ['Opportunities', []],
      ['Threats', ['a chain store nearby']],
    ]);
  });

  it("fills the skill's headings from the prompt's own headed groups and keeps other groups after them", () => {
    const outline = applyScaffold(parsePrompt('Retro\n## To improve\n- flaky tests\n## Kudos\n- Ana'), ['Went well', 'To improve']);
    expect(outline.groups.map((g) => [g.heading, g.entries.map((e) => e.text)])).toEqual([
      ['Went well', []],
      ['To improve', ['flaky tests']],
      ['Kudos', ['Ana']],
    ]);
  });

  it('takes a one-line prompt without a list as the topic', () => {
    const outline = applyScaffold(parsePrompt('Team offsite 2027'), ['Goals', 'Ideas']);
    expect(outline).toEqual({ title: 'Team offsite 2027', groups: [{ heading: 'Goals', entries: [] }, { heading: 'Ideas', entries: [] }] });
  });

  it('lays a kanban with a title and a section plan under its title, both within the types their output type allows', async () => {
    const provider = new BuiltinProvider();
    for (const outputType of ['kanban', 'section'] as const) {
      const done = await provider.complete({
        task: { kind: 'plan', prompt: 'Launch: write copy, pick fonts', outputType, instructions: 'Columns: To do; Doing; Done' },
        system: '',
        prompt: '',
        schema: planOutputSchema,
        schemaName: 'board_plan',
      });
      expect(done.value.items[0]).toMatchObject({ type: 'text', data: { text: 'Launch' } });
      expect(done.value.items.filter((i) => i.type === 'section').map((i) => i.data['title'])).toEqual(['To do', 'Doing', 'Done']);
      expect(done.value.rationale).toContain("skill's headings");
    }
  });
});
