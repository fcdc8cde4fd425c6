import type { OutputType } from '../aiTasks.js';
import { parsePrompt } from './promptStructure.js';
import { clip, terms, titleCase } from './text.js';

const layoutWords: Record<OutputType, string> = {
  sticky_note: 'one sticky note per idea, in a grid',
  card: 'one task card per item, in a grid',
  text: 'one text block per point',
  shape: 'one shape per step, chained in order',
  section: 'a section holding one sticky note per idea',
  table: 'a table whose first row names the columns',
  doc: 'a markdown document with headings and bullets',
  mind_map: 'a mind map: the topic in the centre, main branches around it, details on the branches',
  kanban: 'a kanban board: one column per stage, one card per task',
};

const headingWord: Record<OutputType, string> = {
  sticky_note: 'Sections',
  card: 'Sections',
  text: 'Sections',
  shape: 'Sections',
  section: 'Sections',
  table: 'Columns',
  doc: 'Sections',
  mind_map: 'Branches',
  kanban: 'Columns',
};

/** The parts a description enumerates ("sort feedback into praise, problems and ideas"), as a scaffold line; empty when it enumerates none. */
function scaffoldLine(description: string, outputType: OutputType): string {
  const entries = parsePrompt(description).groups.flatMap((g) => g.entries.map((e) => e.text));
  if (entries.length < 2 || entries.length > 12 || entries.some((e) => e.length > 60)) return '';
  return `\n${headingWord[outputType]}: ${entries.map((e) => titleCase(e)).join('; ')}`;
}

/**
 * A skill draft from a description, by template: a name from its words, instructions that
 * restate it for the output type and, when the description enumerates parts, a `Sections:`
 * line naming them (the headings the builtin provider lays the result out under).
 */
export function draftSkill(description: string, outputType: OutputType): { name: string; description: string; instructions: string; placeholder: string; tags: string[] } {
  const cleaned = description.trim().replace(/\s+/g, ' ');
  const firstClause = cleaned.split(/[.!?:;]/)[0] ?? cleaned;
  const name = clip(titleCase(firstClause.split(' ').slice(0, 6).join(' ')), 100) || 'New Skill';
  const tags = [...new Set(terms(cleaned).filter((t) => t.length > 3))].slice(0, 4);
  return {
    name,
    description: clip(cleaned, 500),
    instructions: clip(
      `Purpose: ${cleaned}\nProduce ${layoutWords[outputType]}.\nUse only what the person wrote in the prompt; keep each item short and specific; do not invent facts.${scaffoldLine(cleaned, outputType)}`,
      8000,
    ),
    placeholder: clip(`Describe what to work on, e.g. the topic and the points to cover, one per line.`, 500),
    tags: [...tags, outputType.replace('_', '-')].slice(0, 5),
  };
}
