import { describe, expect, it } from 'vitest';
import { foldItemChanges } from '../../server/content/itemChanges.js';
import type { ItemChangeStep } from '../../server/content/itemChanges.js';
import { stepsTheDocumentHolds } from '../../server/content/storedSteps.js';

/** The net changes of `steps` as recovery replays them on a document holding `present`. */
function replayed(steps: ItemChangeStep[], present: string[]) {
  return foldItemChanges(stepsTheDocumentHolds(steps, (id) => present.includes(id)));
}

describe('stepsTheDocumentHolds', () => {
  it('keeps every step the stored document bears out', () => {
    const steps: ItemChangeStep[] = [
      { id: 'a', change: 'created' },
      { id: 'b', change: 'updated' },
      { id: 'c', change: 'deleted' },
      { id: 'd', change: 'created' },
      { id: 'd', change: 'deleted' },
    ];
    expect(stepsTheDocumentHolds(steps, (id) => id === 'a' || id === 'b')).toEqual(steps);
  });

  it('drops the last steps of an item that leave it otherwise than the stored document has it', () => {
    expect(replayed([{ id: 'a', change: 'created' }], [])).toEqual({ created: [], updated: [], deleted: [] });
    expect(replayed([{ id: 'a', change: 'updated' }], [])).toEqual({ created: [], updated: [], deleted: [] });
    expect(replayed([{ id: 'a', change: 'deleted' }], ['a'])).toEqual({ created: [], updated: [], deleted: [] });
    expect(replayed([{ id: 'a', change: 'created' }, { id: 'a', change: 'updated' }, { id: 'a', change: 'deleted' }], ['a'])).toEqual({ created: ['a'], updated: [], deleted: [] });
    expect(replayed([{ id: 'a', change: 'updated' }, { id: 'a', change: 'deleted' }, { id: 'a', change: 'created' }], [])).toEqual({ created: [], updated: [], deleted: ['a'] });
  });
});
