/** Calls so far per statement text, as `pg_stat_statements` counts them (every database of the cluster). */
export type StatementCalls = ReadonlyMap<string, number>;

/** A statement's calls per create over a run. */
export interface StatementPerCreate {
  query: string;
  perCreate: number;
}

/** What a run's statements were, per create: all of them, and the most called. */
export interface StatementsPerCreate {
  total: number;
  top: StatementPerCreate[];
}

/** Characters of a statement's text kept in a report (its start names what it does). */
const shownChars = 140;

/**
 * The statements run between `before` and `after`, per create, the `limit` most called first;
 * their text with runs of white space made one space and cut to its start. Statements new in
 * `after` count from zero.
 */
export function statementsPerCreate(before: StatementCalls, after: StatementCalls, creates: number, limit = 12): StatementsPerCreate {
  const byText = new Map<string, number>();
  for (const [query, calls] of after) {
    const delta = calls - (before.get(query) ?? 0);
    if (delta <= 0) continue;
    const text = query.replace(/\s+/g, ' ').trim().slice(0, shownChars);
    byText.set(text, (byText.get(text) ?? 0) + delta);
  }
  const per = Math.max(1, creates);
  const all = [...byText.entries()].map(([query, calls]) => ({ query, perCreate: calls / per })).sort((a, b) => b.perCreate - a.perCreate);
  return { total: all.reduce((sum, s) => sum + s.perCreate, 0), top: all.slice(0, limit) };
}

/** Parses `psql -At` output of `SELECT calls, query` with `\x1f` between fields and `\x1e` between rows. */
export function parseStatementCalls(output: string): Map<string, number> {
  const calls = new Map<string, number>();
  for (const row of output.split('\x1e')) {
    const at = row.indexOf('\x1f');
    if (at < 0) continue;
    const count = Number(row.slice(0, at).trim());
    const query = row.slice(at + 1);
    if (Number.isFinite(count)) calls.set(query, (calls.get(query) ?? 0) + count);
  }
  return calls;
}
