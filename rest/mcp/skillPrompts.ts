import type { GetPromptResult, ListPromptsResult } from '@modelcontextprotocol/sdk/types.js';
import { ValidationError } from '../../server/errors.js';
import type { McpCall } from './McpCall.js';

interface SkillBody {
  id: string;
  name: string;
  description: string;
  instructions: string;
  placeholder: string;
  outputType: string;
}

const promptArguments = [
  { name: 'boardId', description: 'The board to build on (find it with list_boards).', required: true },
  { name: 'prompt', description: 'What to make, in the words the skill expects.', required: true },
];

/** `prompts/list`: the curated skills library (`GET /skills`), one prompt per skill named by its id, paged like it. */
export async function listSkillPrompts(call: McpCall, cursor: string | undefined): Promise<ListPromptsResult> {
  const page = (await call.read('listSkills', {}, { scope: 'public', limit: 100, ...(cursor === undefined ? {} : { cursor }) })) as {
    data: SkillBody[];
    nextCursor: string | null;
  };
  return {
    prompts: page.data.map((skill) => ({ name: skill.id, title: skill.name, description: skill.description, arguments: promptArguments })),
    ...(page.nextCursor === null ? {} : { nextCursor: page.nextCursor }),
  };
}

/**
 * `prompts/get`: a request to apply the skill (`apply_skill`) to a board, with the skill's
 * instructions so the model knows what it will produce. Unknown skill: 404 as `GET /skills/{id}`.
 */
export async function getSkillPrompt(call: McpCall, name: string, args: Readonly<Record<string, string>>): Promise<GetPromptResult> {
  const skill = (await call.read('getSkill', { skillId: name }, {})) as SkillBody;
  for (const argument of promptArguments) {
    if ((args[argument.name] ?? '').trim() === '') throw new ValidationError([{ field: argument.name, message: 'is required' }]);
  }
  const text = [
    `Apply the skill "${skill.name}" (${skill.id}) to the board ${args.boardId ?? ''} with the apply_skill tool, using this prompt:`,
    '',
    args.prompt ?? '',
    '',
    `The skill builds a ${skill.outputType} from these instructions:`,
    skill.instructions,
  ].join('\n');
  return { description: skill.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}
