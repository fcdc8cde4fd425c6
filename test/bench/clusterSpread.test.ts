import { describe, expect, it } from 'vitest';
import { processFor } from '../../bench/cluster/restCreates.js';
import type { Spread } from '../../bench/cluster/restCreates.js';

/** The process of each of `requests` requests, board after board as `measureCreates` walks them over `boards`. */
function route(spread: Spread, boards: readonly string[], requests: number, processes: number): { board: string; process: number }[] {
  return Array.from({ length: requests }, (_, i) => {
    const boardIndex = spread === 'round-robin' ? Math.floor(i / processes) % boards.length : i % boards.length;
    const board = boards[boardIndex] ?? '';
    return { board, process: processFor(spread, i, boardIndex, board, processes) };
  });
}

const boards = Array.from({ length: 100 }, (_, i) => `01J${String(i).padStart(3, '0')}BOARDIDXYZ${i * 7919}`);

describe('bench:cluster REST spreads', () => {
  it('round-robin sends one board to both processes', () => {
    const routed = route('round-robin', boards, 400, 2);
    const first = boards[0];
    expect(new Set(routed.filter((r) => r.board === first).map((r) => r.process))).toEqual(new Set([0, 1]));
  });

  for (const spread of ['by-board', 'board-hash'] as const) {
    it(`${spread} keeps every request of a board on one process and uses both`, () => {
      const routed = route(spread, boards, 1000, 2);
      const processOf = new Map<string, Set<number>>();
      for (const { board, process } of routed) processOf.set(board, (processOf.get(board) ?? new Set()).add(process));
      expect([...processOf.values()].every((set) => set.size === 1)).toBe(true);
      expect(new Set(routed.map((r) => r.process))).toEqual(new Set([0, 1]));
    });
  }

  it('board-hash picks by the board id, not by its place in the list', () => {
    const reversed = [...boards].reverse();
    const forward = new Map(route('board-hash', boards, 100, 2).map((r) => [r.board, r.process]));
    const backward = new Map(route('board-hash', reversed, 100, 2).map((r) => [r.board, r.process]));
    expect(backward).toEqual(forward);
    const byBoard = new Map(route('by-board', reversed, 100, 2).map((r) => [r.board, r.process]));
    expect(byBoard).not.toEqual(new Map(route('by-board', boards, 100, 2).map((r) => [r.board, r.process])));
  });
});
