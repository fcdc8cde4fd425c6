import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, it } from 'vitest';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { boardIndex, buildBoardIndex } from '../../../crdt/items/BoardIndex.js';
import type { BoardIndex } from '../../../crdt/items/BoardIndex.js';
import { expectIndexMatches, mutate, mutationArb, pool, validZ } from './boardIndexSupport.js';
import type { Mutation } from './boardIndexSupport.js';

/** The parts of the index built the first time they are used. */
const parts = ['topZ', 'sections', 'references', 'page', 'occupancy', 'storedItems'] as const;
type Part = (typeof parts)[number];

function use(index: BoardIndex, part: Part): void {
  if (part === 'topZ') index.topZ();
  else if (part === 'sections') index.sectionsTopFirst();
  else if (part === 'references') for (const id of pool) index.referencesTo(id);
  else if (part === 'page') index.pageInZOrder({ z: validZ[6] as string, id: 'd' }, 2);
  else if (part === 'occupancy') index.occupancy().bounds();
  else index.storedItems();
}

/** A transaction of `mutations`, and the parts first used in it, after its `at`-th mutation. */
interface Turn {
  mutations: Mutation[];
  uses: { part: Part; at: number }[];
}

const turnArb: fc.Arbitrary<Turn> = fc.record({
  mutations: fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
  uses: fc.array(fc.record({ part: fc.constantFrom(...parts), at: fc.nat(4) }), { maxLength: 2 }),
});

/** Plays `turns` on `doc`, each part of its index used for the first time where a turn says (or at the end). */
function playLazily(doc: Y.Doc, index: BoardIndex, turns: readonly Turn[]): void {
  for (const turn of turns) {
    doc.transact(() => {
      turn.mutations.forEach((m, i) => {
        mutate(doc, m);
        for (const use_ of turn.uses) if (use_.at === i) use(index, use_.part);
      });
    });
    for (const use_ of turn.uses) if (use_.at >= turn.mutations.length) use(index, use_.part);
  }
  expectIndexMatches(doc);
}

describe('BoardIndex, parts built on first use', () => {
  it('property: each part used first after any transactions, or inside one, agrees with a full scan', () => {
    fc.assert(
      fc.property(fc.array(turnArb, { minLength: 1, maxLength: 25 }), (turns) => {
        const doc = new Y.Doc();
        playLazily(doc, boardIndex(doc), turns);
      }),
      { seed: 54, numRuns: 200 },
    );
  });

  it('property: on a loaded board (built a slice per turn), each part used first after later transactions agrees with a full scan', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutationArb, { minLength: 1, maxLength: 30 }), fc.array(turnArb, { maxLength: 12 }), async (stored, turns) => {
        const source = new Y.Doc();
        source.transact(() => {
          for (const m of stored) mutate(source, m);
        });
        const doc = new Y.Doc();
        Y.applyUpdate(doc, Y.encodeStateAsUpdate(source));
        const index = await buildBoardIndex(doc, 0, nextTurn);
        playLazily(doc, index, turns);
      }),
      { seed: 54, numRuns: 100 },
    );
  });
});
