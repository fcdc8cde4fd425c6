import { ServiceError } from '../../errors.js';
import { clip, sentences, terms, titleCase } from './text.js';

/** What the builtin provider can do to text, and the words that ask for it. */
export const builtinInstructions = [
  { name: 'shorten', pattern: /\b(shorter|shorten|summari[sz]e|summary|condense|concise|brief|tl;?dr|trim)\b/i },
  { name: 'bullets', pattern: /\b(bullets?|bullet[- ]points?|list)\b/i },
  { name: 'title_case', pattern: /\btitle[- ]?case\b|\bcapitali[sz]e (each|every) word\b/i },
  { name: 'upper_case', pattern: /\b(upper[- ]?case|all caps|capitals)\b/i },
  { name: 'lower_case', pattern: /\blower[- ]?case\b/i },
  { name: 'sentence_case', pattern: /\bsentence[- ]?case\b/i },
] as const;

const translation = /\b(translate|translation|in (english|french|german|spanish|italian|portuguese|dutch|japanese|chinese|korean|russian|arabic|polish|swedish))\b/i;

/** The instruction the builtin provider will apply; throws 422 `ai_instruction_unsupported` for anything else (translation included). */
export function builtinInstruction(instruction: string): (typeof builtinInstructions)[number]['name'] {
  if (translation.test(instruction)) {
    throw new ServiceError('ai_instruction_unsupported', 'The builtin AI provider cannot translate; configure an OpenAI-compatible provider (BOARDS_AI_PROVIDER=openai).', {
      details: { field: 'instruction', supported: builtinInstructions.map((i) => i.name) },
    });
  }
  const found = builtinInstructions.find((candidate) => candidate.pattern.test(instruction));
  if (!found) {
    throw new ServiceError(
      'ai_instruction_unsupported',
      'The builtin AI provider can only shorten or summarise, make a bullet list, or change case (title, upper, lower, sentence); configure an OpenAI-compatible provider for other instructions.',
      { details: { field: 'instruction', supported: builtinInstructions.map((i) => i.name) } },
    );
  }
  return found.name;
}

/**
 * A summary by sentence ranking: sentences scored by how frequent their terms are in the
 * whole text (a classic extractive summary), the best half kept in their original order.
 * A single sentence keeps its first clause.
 */
export function summarize(text: string): string {
  const list = sentences(text);
  if (list.length <= 1) {
    const only = list[0] ?? '';
    const clause = only.split(/[,;:–—(]/)[0]?.trim() ?? only;
    return clause.length > 0 && clause.length < only.length ? `${clause.replace(/[.!?]$/, '')}.` : clip(only, Math.max(40, Math.ceil(only.length * 0.6)));
  }
  const frequency = new Map<string, number>();
  for (const term of terms(text)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const scored = list.map((sentence, index) => {
    const sentenceTerms = terms(sentence);
    const score = sentenceTerms.reduce((sum, term) => sum + (frequency.get(term) ?? 0), 0) / Math.max(1, sentenceTerms.length);
    // The opening sentence usually carries the topic.
    return { sentence, index, score: score + (index === 0 ? 0.5 : 0) };
  });
  const keep = Math.max(1, Math.floor(list.length / 2));
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, keep)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence)
    .join(' ');
}

/** One bullet per sentence or enumerated part. */
export function toBullets(text: string): string {
  const parts = sentences(text.replace(/^\s*[-*•]\s+/gm, ''));
  const items = parts.length > 1 ? parts : (parts[0] ?? '').split(/\s*[,;]\s*(?:and\s+)?|\s+and\s+/).filter(Boolean);
  return items.map((part) => `- ${part.replace(/[.;,]$/, '')}`).join('\n');
}

function sentenceCase(text: string): string {
  return sentences(text.toLowerCase())
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .join(' ');
}

/** Applies a builtin instruction to one text. */
export function rewrite(name: ReturnType<typeof builtinInstruction>, text: string): string {
  if (text.trim().length === 0) return text;
  switch (name) {
    case 'shorten':
      return summarize(text);
    case 'bullets':
      return toBullets(text);
    case 'title_case':
      return titleCase(text);
    case 'upper_case':
      return text.toUpperCase();
    case 'lower_case':
      return text.toLowerCase();
    case 'sentence_case':
      return sentenceCase(text);
  }
}
