import { ServiceError } from '../../errors.js';
import type { AiCompletion, AiProvider, AiRequest } from '../AiProvider.js';
import type { AiTask } from '../aiTasks.js';
import { convertContent } from './convert.js';
import { draftSkill } from './draftSkill.js';
import { layOut } from './layouts.js';
import { parsePrompt } from './promptStructure.js';
import { answerFromPassages } from './retrieval.js';
import { builtinInstruction, rewrite } from './rewrite.js';
import { reviewBoard } from './review.js';
import { applyScaffold, scaffoldHeadings } from './skillScaffold.js';
import { clip, estimateTokens } from './text.js';

/** What the builtin engine answers for a task, before the schema check every provider's answer goes through. */
function run(task: AiTask): unknown {
  switch (task.kind) {
    case 'ask':
      return answerFromPassages(task.question, task.passages);
    case 'plan': {
      const parsed = parsePrompt(task.prompt);
      const headings = task.instructions === undefined ? null : scaffoldHeadings(task.instructions);
      const outline = headings === null ? parsed : applyScaffold(parsed, headings);
      const items = layOut(outline, task.outputType);
      const entries = outline.groups.reduce((sum, g) => sum + g.entries.length, 0);
      return {
        rationale: `Built without a language model from the prompt's own structure${headings === null ? '' : ` fitted to the skill's headings (${clip(headings.join(', '), 600)})`}: ${outline.title === null ? 'no title' : `title "${outline.title}"`}, ${outline.groups.length} group(s), ${entries} entr${entries === 1 ? 'y' : 'ies'}, laid out as ${task.outputType.replace('_', ' ')}.`,
        items,
      };
    }
    case 'modify': {
      const name = builtinInstruction(task.instruction);
      return { fields: Object.fromEntries(Object.entries(task.fields).map(([field, text]) => [field, rewrite(name, text)])) };
    }
    case 'review':
      return reviewBoard(task.items, task.aspects);
    case 'convert':
      return { item: convertContent(task.sourceType, task.sourceData, task.sourceText, task.targetType) };
    case 'draftSkill':
      return draftSkill(task.description, task.outputType);
  }
}

/**
 * The embedded default provider: deterministic and offline. It does each job on the board's
 * own content without a language model (see docs/ai.md for exactly what it can and cannot
 * do) and reports itself as `provider: "builtin"`. Usage counts are estimates (four
 * characters per token) so credits and reports read the same as with a model.
 */
export class BuiltinProvider implements AiProvider {
  readonly name = 'builtin';
  readonly model = 'builtin';

  async complete<T>(request: AiRequest<T>): Promise<AiCompletion<T>> {
    if (request.signal?.aborted) throw new ServiceError('ai_unavailable', 'The AI request was canceled.');
    const started = performance.now();
    const raw = run(request.task);
    const checked = request.schema.safeParse(raw);
    if (!checked.success) {
      throw new ServiceError('ai_output_invalid', 'The builtin AI provider produced output that does not validate.', { cause: checked.error });
    }
    return {
      value: checked.data,
      usage: { inputTokens: estimateTokens(request.system) + estimateTokens(request.prompt), outputTokens: estimateTokens(JSON.stringify(raw)) },
      provider: this.name,
      model: this.model,
      modelMs: performance.now() - started,
    };
  }
}
