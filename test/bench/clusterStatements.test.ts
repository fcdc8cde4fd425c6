import { describe, expect, it } from 'vitest';
import { parseStatementCalls, statementsPerCreate } from '../../bench/cluster/statementCounts.js';

describe('bench:cluster --pg-statements', () => {
  it('reads the calls per statement psql prints with unit and record separators, statements over several lines included', () => {
    const output = `12\x1fSELECT doc FROM c_boards WHERE id = $1\x1e3\x1fWITH head AS (\n  INSERT INTO doc_heads\n) SELECT 1\x1e`;
    expect(parseStatementCalls(output)).toEqual(new Map([
      ['SELECT doc FROM c_boards WHERE id = $1', 12],
      ['WITH head AS (\n  INSERT INTO doc_heads\n) SELECT 1', 3],
    ]));
    expect(parseStatementCalls('')).toEqual(new Map());
  });

  it('gives the calls of a run per create, most called first, statements new in the run counted from zero and unchanged ones left out', () => {
    const before = new Map([
      ['SELECT doc FROM c_boards WHERE id = $1', 100],
      ['INSERT INTO c_board_activity (id, doc) VALUES ($1, $2::jsonb)', 50],
      ['CREATE INDEX ix', 4],
    ]);
    const after = new Map([
      ['SELECT doc FROM c_boards WHERE id = $1', 150],
      ['INSERT INTO c_board_activity (id, doc) VALUES ($1, $2::jsonb)', 150],
      ['CREATE INDEX ix', 4],
      ['WITH head AS (\n   INSERT INTO doc_heads ) SELECT 1', 100],
    ]);
    const run = statementsPerCreate(before, after, 100, 2);
    expect(run.total).toBeCloseTo(2.5);
    expect(run.top).toEqual([
      { query: 'INSERT INTO c_board_activity (id, doc) VALUES ($1, $2::jsonb)', perCreate: 1 },
      { query: 'WITH head AS ( INSERT INTO doc_heads ) SELECT 1', perCreate: 1 },
    ]);
  });
});
