import type { OutputType } from '../ai/aiTasks.js';

/** A skill of the curated library, as shipped with the server. */
export interface LibrarySkill {
  /** `skl_pub_<name>`: stable across releases, so clients may keep it. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly instructions: string;
  readonly placeholder: string;
  readonly outputType: OutputType;
  readonly tags: readonly string[];
}

/** When the library was last revised (epoch ms): the `createdAt` and `updatedAt` of its skills. */
export const libraryRevisedAt = Date.UTC(2026, 9, 1);

const rules = 'Use only what the person wrote; keep each item short and specific; leave a part empty rather than invent facts.';

/**
 * Each skill's instructions end with a `Sections:` (or `Columns:`, `Branches:`) line: a language
 * model reads it as part of the instructions, and the builtin provider lays the result out under
 * those headings, so every skill gives a sensible result without a model too (docs/ai.md).
 */
function skill(id: string, fields: Omit<LibrarySkill, 'id' | 'instructions'> & { readonly guidance: string; readonly headings: string }): LibrarySkill {
  const { guidance, headings, ...rest } = fields;
  return Object.freeze({ id: `skl_pub_${id}`, ...rest, instructions: `${guidance}\n${rules}\n${headings}`, tags: Object.freeze([...rest.tags]) });
}

/** The curated library (`GET /skills?scope=public`), in name order. */
export const skillLibrary: readonly LibrarySkill[] = Object.freeze(
  [
    skill('brainstorm', {
      name: 'Brainstorm',
      description: 'Spreads ideas on a topic as sticky notes, with open questions and next steps beside them.',
      guidance: 'Run a brainstorm on the topic: one idea per sticky note, varied and concrete. Add the open questions the ideas raise and the next steps worth taking.',
      headings: 'Sections: Ideas; Questions; Next steps',
      placeholder: 'Offsite ideas: hike, cooking class, escape room',
      outputType: 'sticky_note',
      tags: ['ideation', 'workshop'],
    }),
    skill('customer_journey', {
      name: 'Customer journey',
      description: "Maps a customer's steps from first hearing of the product to coming back, as columns of notes.",
      guidance: "Map the customer's journey stage by stage: what they do, think and feel at each stage, and where it hurts.",
      headings: 'Columns: Awareness; Consideration; Purchase; Onboarding; Loyalty',
      placeholder: 'Online grocery shop: Awareness: sees an ad; Purchase: first order; Loyalty: weekly reorder',
      outputType: 'sticky_note',
      tags: ['ux', 'customer', 'journey'],
    }),
    skill('decision_log', {
      name: 'Decision log',
      description: 'Records decisions in a table with their date, owner and rationale.',
      guidance: 'Record each decision as a row: what was decided, when, who owns it, and why.',
      headings: 'Columns: Decision; Date; Owner; Rationale',
      placeholder: 'Launch review\n- Move the launch to May\n- Drop the Android beta',
      outputType: 'table',
      tags: ['decisions', 'governance', 'meeting'],
    }),
    skill('empathy_map', {
      name: 'Empathy map',
      description: 'Sorts what a user says, thinks, does and feels into four sections.',
      guidance: 'Build an empathy map of the user: quote what they say, infer what they think, observe what they do, name what they feel.',
      headings: 'Sections: Says; Thinks; Does; Feels',
      placeholder: 'A nurse on night shift using the scheduling app',
      outputType: 'section',
      tags: ['ux', 'research', 'persona'],
    }),
    skill('kanban', {
      name: 'Kanban of tasks',
      description: 'Turns a list of tasks into a kanban board with To do, Doing and Done columns.',
      guidance: 'Make one card per task, with a short title and any detail as its description. New tasks go in To do unless the prompt says they started or finished.',
      headings: 'Columns: To do; Doing; Done',
      placeholder: 'Website relaunch: write copy, pick fonts, set up analytics',
      outputType: 'kanban',
      tags: ['tasks', 'planning', 'agile'],
    }),
    skill('lean_canvas', {
      name: 'Lean canvas',
      description: "Lays out a business idea on a lean canvas: problem, customers, solution, value proposition and the numbers.",
      guidance: 'Fill a lean canvas for the idea, one sticky note per point, each under the block it belongs to.',
      headings: 'Sections: Problem; Customer segments; Unique value proposition; Solution; Channels; Revenue streams; Cost structure; Key metrics; Unfair advantage',
      placeholder: 'A subscription service delivering plants to offices',
      outputType: 'section',
      tags: ['strategy', 'business', 'startup'],
    }),
    skill('meeting_notes', {
      name: 'Meeting notes',
      description: 'Writes meeting notes as a document: attendees, agenda, decisions and action items.',
      guidance: 'Write concise meeting notes. Action items name an owner and, when known, a due date.',
      headings: 'Sections: Attendees; Agenda; Decisions; Action items',
      placeholder: 'Weekly sync: Ana, Ben; Agenda: budget, hiring; Action items: Ben sends the budget',
      outputType: 'doc',
      tags: ['meeting', 'notes', 'documentation'],
    }),
    skill('mind_map', {
      name: 'Mind map',
      description: 'Explores a topic as a mind map: the topic in the centre, goals, ideas, questions and risks around it.',
      guidance: 'Put the topic in the centre and branch out; each branch holds short leaves.',
      headings: 'Branches: Goals; Ideas; Questions; Risks',
      placeholder: 'Team offsite 2027',
      outputType: 'mind_map',
      tags: ['ideation', 'mapping'],
    }),
    skill('okrs', {
      name: 'OKRs',
      description: 'Drafts objectives and key results as cards, with the initiatives that move them.',
      guidance: 'Write one ambitious, qualitative objective per card, measurable key results (a number and a date), and the initiatives that will move them.',
      headings: 'Columns: Objectives; Key results; Initiatives',
      placeholder: 'Q3 growth: double weekly active teams',
      outputType: 'card',
      tags: ['goals', 'planning', 'strategy'],
    }),
    skill('pros_and_cons', {
      name: 'Pros and cons',
      description: 'Weighs an option in a two-column table of pros and cons.',
      guidance: 'List the pros and the cons of the option side by side, one point per row.',
      headings: 'Columns: Pros; Cons',
      placeholder: 'Four-day week: Pro: more focus; Con: coverage on Fridays',
      outputType: 'table',
      tags: ['decisions', 'analysis'],
    }),
    skill('retrospective', {
      name: 'Retrospective',
      description: 'Sorts a team\'s points into what went well, what to improve and the actions to take.',
      guidance: 'Run a team retrospective: sort each point under went well or to improve, and turn problems into concrete action items.',
      headings: 'Sections: Went well; To improve; Action items',
      placeholder: 'Sprint 14: Went well: smooth deploys; To improve: flaky tests',
      outputType: 'section',
      tags: ['agile', 'retro', 'team'],
    }),
    skill('risk_register', {
      name: 'Risk register',
      description: 'Lists risks in a table with likelihood, impact, mitigation and owner.',
      guidance: 'One risk per row: the risk, its likelihood and impact (low, medium, high), how to mitigate it, and who owns it.',
      headings: 'Columns: Risk; Likelihood; Impact; Mitigation; Owner',
      placeholder: 'Data centre move: vendor delay, data loss, downtime',
      outputType: 'table',
      tags: ['risk', 'project', 'governance'],
    }),
    skill('swot', {
      name: 'SWOT analysis',
      description: 'Sorts points into strengths, weaknesses, opportunities and threats.',
      guidance: 'Analyse the subject: internal strengths and weaknesses, external opportunities and threats.',
      headings: 'Sections: Strengths; Weaknesses; Opportunities; Threats',
      placeholder: 'Our bakery: Strength: loyal customers; Threat: new chain store nearby',
      outputType: 'section',
      tags: ['strategy', 'analysis'],
    }),
    skill('user_story_map', {
      name: 'User story map',
      description: "Maps a product's user activities as columns with the user stories under each.",
      guidance: 'Write the backbone of user activities left to right and, under each, user stories as cards ("As a <user>, I want <goal> so that <reason>").',
      headings: 'Columns: Discover; Sign up; Use; Pay; Get help',
      placeholder: 'Recipe app: Discover: find a recipe; Use: cook from it; Pay: upgrade to premium',
      outputType: 'kanban',
      tags: ['agile', 'product', 'stories'],
    }),
    // By name, case-insensitively; not `localeCompare`: its collator maps about 2 MB of ICU data
    // into every process at start-up, for names that are plain ASCII.
  ].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0)),
);

/** The library skill with this id, or null. */
export function librarySkill(id: string): LibrarySkill | null {
  return skillLibrary.find((s) => s.id === id) ?? null;
}
