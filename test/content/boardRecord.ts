import type { BoardRecord } from '../../storage/schema/boards.js';

/** A stored board record of workspace `wsp_1`, owned by `usr_a`, for tests that work on the store directly. */
export function boardRecord(id: string): BoardRecord {
  return {
    id,
    workspaceId: 'wsp_1',
    ownerId: 'usr_a',
    spaceId: null,
    title: 'Board',
    description: '',
    locked: false,
    position: 1,
    createdAt: 0,
    updatedAt: 0,
    updatedBy: 'usr_a',
    trashedAt: null,
    trashedBy: null,
    trashedWithSpaceId: null,
  };
}
