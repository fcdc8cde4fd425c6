import fc from 'fast-check';

/** A position on the canvas, in board units. */
export interface Spot {
  x: number;
  y: number;
}

/**
 * One step of a convergence scenario. `c` picks a client (modulo the client count), `pick`
 * picks an item (modulo the items the writer sees at that moment), so every generated
 * scenario is runnable whatever happened before it.
 */
export type ConvergenceOp =
  | { k: 'clientCreate'; c: number; at: Spot; text: string }
  | { k: 'clientMove'; c: number; pick: number; to: Spot }
  | { k: 'clientDelete'; c: number; pick: number }
  | { k: 'clientText'; c: number; pick: number; index: number; remove: number; insert: string }
  | { k: 'restCreate'; at: Spot; text: string }
  | { k: 'restMove'; pick: number; to: Spot }
  | { k: 'restText'; pick: number; text: string }
  | { k: 'restDelete'; pick: number }
  | { k: 'restBatch'; creates: Spot[]; moves: { pick: number; to: Spot }[]; deletes: number[] }
  | { k: 'disconnect'; c: number }
  | { k: 'reconnect'; c: number }
  | { k: 'settle' };

/** A whole scenario: how many stock clients, then the steps. */
export interface ConvergenceScenario {
  clients: number;
  ops: ConvergenceOp[];
}

const spot: fc.Arbitrary<Spot> = fc.record({ x: fc.integer({ min: -3000, max: 3000 }), y: fc.integer({ min: -3000, max: 3000 }) });
const client = fc.nat({ max: 4 });
const pick = fc.nat({ max: 50 });
const text = fc.string({ maxLength: 12 });

/** Steps weighted towards edits, with enough disconnects that offline edits happen in most runs. */
export const convergenceOp: fc.Arbitrary<ConvergenceOp> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant('clientCreate' as const), c: client, at: spot, text }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('clientMove' as const), c: client, pick, to: spot }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('clientDelete' as const), c: client, pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('clientText' as const),
      c: client,
      pick,
      index: fc.nat({ max: 20 }),
      remove: fc.nat({ max: 4 }),
      insert: text,
    }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('restCreate' as const), at: spot, text }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('restMove' as const), pick, to: spot }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('restText' as const), pick, text }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('restDelete' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('restBatch' as const),
      creates: fc.array(spot, { maxLength: 4 }),
      moves: fc.array(fc.record({ pick, to: spot }), { maxLength: 4 }),
      deletes: fc.array(pick, { maxLength: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('disconnect' as const), c: client }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('reconnect' as const), c: client }) },
  { weight: 1, arbitrary: fc.constant({ k: 'settle' as const }) },
);

/** 2–5 clients and 5–40 steps. */
export const convergenceScenario: fc.Arbitrary<ConvergenceScenario> = fc.record({
  clients: fc.integer({ min: 2, max: 5 }),
  ops: fc.array(convergenceOp, { minLength: 5, maxLength: 40 }),
});

/** The element `pick` selects from `list` (modulo its length), or undefined when it is empty. */
export function pickFrom<T>(list: readonly T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}
