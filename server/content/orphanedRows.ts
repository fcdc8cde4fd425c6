import type { ProcessOwner } from '../cluster/ProcessLiveness.js';

/**
 * The journal rows that recovery may replay: all of them for a process alone (`owner` undefined),
 * else those of no process or of a process that is no longer running (a running one replays its own).
 */
export async function orphanedRows<R extends { readonly processId?: string | undefined }>(rows: readonly R[], owner: ProcessOwner | undefined): Promise<R[]> {
  const orphaned: R[] = [];
  for (const row of rows) {
    if (owner === undefined || row.processId === undefined || !(await owner.isAlive(row.processId))) orphaned.push(row);
  }
  return orphaned;
}

/** `rows` grouped by board, each group in the order given. */
export function byBoard<R extends { readonly boardId: string }>(rows: readonly R[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const list = groups.get(row.boardId);
    if (list === undefined) groups.set(row.boardId, [row]);
    else list.push(row);
  }
  return groups;
}
