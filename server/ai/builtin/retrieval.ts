import type { Passage } from '../aiTasks.js';
import { clip, sentences, terms } from './text.js';

/** BM25 parameters (Robertson and Zaragoza's usual defaults). */
const k1 = 1.2;
const b = 0.75;

/** A passage with its BM25 score against a query. */
export interface ScoredPassage {
  readonly passage: Passage;
  readonly score: number;
}

/**
 * Ranks passages against `query` with Okapi BM25 over stemmed terms; passages that share no
 * term with the query are left out. Ties keep the passages' order (reading order).
 */
export function rankPassages(query: string, passages: readonly Passage[]): ScoredPassage[] {
  const queryTerms = [...new Set(terms(query))];
  if (queryTerms.length === 0 || passages.length === 0) return [];
  const docs = passages.map((passage) => {
    const counts = new Map<string, number>();
    const list = terms(passage.text);
    for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
    return { passage, counts, length: list.length };
  });
  const averageLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const idf = new Map(
    queryTerms.map((term) => {
      const n = docs.filter((d) => d.counts.has(term)).length;
      return [term, Math.log(1 + (docs.length - n + 0.5) / (n + 0.5))];
    }),
  );
  return docs
    .map(({ passage, counts, length }) => {
      let score = 0;
      for (const term of queryTerms) {
        const tf = counts.get(term) ?? 0;
        if (tf === 0) continue;
        score += (idf.get(term) ?? 0) * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / averageLength)));
      }
      return { passage, score };
    })
    .filter((scored) => scored.score > 0)
    .sort((x, y) => y.score - x.score);
}

/** The sentence of `text` sharing the most terms with the query (the first on ties), clipped for quoting. */
export function bestSentence(query: string, text: string, maxLength = 300): string {
  const wanted = new Set(terms(query));
  let best = '';
  let bestHits = -1;
  for (const sentence of sentences(text)) {
    const hits = terms(sentence).filter((term) => wanted.has(term)).length;
    if (hits > bestHits) {
      best = sentence;
      bestHits = hits;
    }
  }
  return clip(best, maxLength);
}

/** Most passages an answer quotes. */
const maxCited = 3;

/**
 * Answers a question from the board: the best-matching passages by BM25, quoted with their
 * item ids. Says plainly when nothing on the board matches.
 */
export function answerFromPassages(question: string, passages: readonly Passage[]): { answer: string; citations: { itemId: string; quote: string }[] } {
  const ranked = rankPassages(question, passages).slice(0, maxCited);
  if (ranked.length === 0) {
    return {
      answer: 'Nothing on this board matches the question (the builtin assistant answers by finding matching text on the board).',
      citations: [],
    };
  }
  const citations = ranked.map(({ passage }) => ({ itemId: passage.itemId, quote: bestSentence(question, passage.text) }));
  const lines = citations.map((c) => `- "${c.quote}" [${c.itemId}]`);
  return {
    answer: `The board's best matches for the question:\n${lines.join('\n')}`,
    citations,
  };
}
