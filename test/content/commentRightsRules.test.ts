import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../crdt/index.js';
import { ServiceError } from '../../server/errors.js';
import { batchAction, patchAction } from '../../server/content/commentRights.js';

function item(type: string, createdBy: string, replies: { id: string; authorId: string }[] = []): ItemView {
  return {
    id: `itm_${type}_${createdBy}`,
    type,
    position: { x: 0, y: 0 },
    size: { width: 32, height: 32 },
    rotation: 0,
    z: 'a0',
    sectionId: null,
    data: { text: 'Why?', resolved: false, replies: replies.map((r) => ({ ...r, text: 'x', createdAt: '' })) },
    createdBy,
    createdAt: '',
    updatedBy: createdBy,
    updatedAt: '',
    locked: false,
  };
}

const mine = item('comment', 'cora', [{ id: 'rpl_cora', authorId: 'cora' }, { id: 'rpl_olive', authorId: 'olive' }]);
const theirs = item('comment', 'olive');

describe('patchAction: the role a PATCH needs', () => {
  it.each([
    [mine, { data: { text: 'new' } }, 'comment'],
    [mine, { position: { x: 1, y: 1 } }, 'comment'],
    [mine, { size: { width: 40, height: 40 } }, 'edit'],
    [mine, { rotation: 5 }, 'edit'],
    [mine, { editReply: { id: 'rpl_cora', text: 'y' } }, 'comment'],
    [theirs, { reply: { text: 'y' } }, 'comment'],
    [theirs, { resolved: true }, 'comment'],
    [theirs, { data: { resolved: true } }, 'comment'],
    [theirs, { position: { x: 1, y: 1 } }, 'edit'],
    [theirs, { reply: { text: 'y' }, position: { x: 1, y: 1 } }, 'edit'],
    [item('sticky_note', 'cora'), { data: { text: 'x' } }, 'edit'],
    [undefined, { position: { x: 1, y: 1 } }, 'edit'],
  ] as const)('%#: %j', (target, patch, action) => {
    expect(patchAction(target, patch, 'cora')).toBe(action);
  });

  it.each([
    [theirs, { data: { text: 'mine now' } }],
    [mine, { editReply: { id: 'rpl_olive', text: 'y' } }],
    [mine, { removeReply: { id: 'rpl_olive' } }],
  ] as const)('refuses changing words someone else wrote with forbidden, whatever the role: %j', (target, patch) => {
    const error = (() => {
      try {
        patchAction(target, patch, 'cora');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('forbidden');
  });
});

describe('batchAction: the role a batch needs', () => {
  const board = new Map([mine, theirs, item('sticky_note', 'cora')].map((i) => [i.id, i]));
  const itemOf = (id: string) => board.get(id);
  it.each([
    [[{ op: 'create', type: 'comment', ref: 'c' }, { op: 'move', id: 'c' }, { op: 'delete', id: 'c' }], 'comment'],
    [[{ op: 'move', id: mine.id }, { op: 'delete', id: theirs.id }], 'comment'],
    [[{ op: 'move', id: theirs.id }], 'edit'],
    [[{ op: 'resize', id: mine.id }], 'edit'],
    [[{ op: 'create', type: 'sticky_note' }], 'edit'],
    [[{ op: 'delete', id: 'itm_sticky_note_cora' }], 'edit'],
    ['not a list', 'edit'],
  ] as const)('%#: %j', (operations, action) => {
    expect(batchAction(operations, 'cora', itemOf)).toBe(action);
  });
});
