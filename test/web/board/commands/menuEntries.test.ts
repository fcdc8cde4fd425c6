import { describe, expect, test, vi } from 'vitest';
import { menuGroups } from '../../../../web/board/commands/menuEntries.js';
import type { MenuActions } from '../../../../web/board/commands/menuEntries.js';

function actions(): MenuActions {
  return { cut: vi.fn(), copy: vi.fn(), paste: vi.fn(), duplicate: vi.fn(), remove: vi.fn(), order: vi.fn(), align: vi.fn(), distribute: vi.fn(), selectAll: vi.fn(), toggleLock: vi.fn(), fit: vi.fn() };
}
const labels = (groups: { label: string }[][]) => groups.map((group) => group.map((entry) => entry.label));

describe('the context menu entries', () => {
  test('people who may not change the board get copy, select all and zoom to fit only', () => {
    expect(labels(menuGroups({ onItems: true, canWrite: false, movable: 3, locked: false }, actions()))).toEqual([['Copy'], ['Select all']]);
    expect(labels(menuGroups({ onItems: false, canWrite: false, movable: 0, locked: false }, actions()))).toEqual([[], ['Select all', 'Zoom to fit']]);
  });

  test('align needs two movable items and distribute three', () => {
    const one = labels(menuGroups({ onItems: true, canWrite: true, movable: 1, locked: false }, actions())).flat();
    expect(one).toContain('Bring to front');
    expect(one.filter((label) => label.startsWith('Align') || label.startsWith('Distribute'))).toEqual([]);
    const two = labels(menuGroups({ onItems: true, canWrite: true, movable: 2, locked: false }, actions())).flat();
    expect(two.filter((label) => label.startsWith('Align'))).toHaveLength(6);
    expect(two.filter((label) => label.startsWith('Distribute'))).toEqual([]);
    const three = labels(menuGroups({ onItems: true, canWrite: true, movable: 3, locked: false }, actions())).flat();
    expect(three.filter((label) => label.startsWith('Distribute'))).toEqual(['Distribute horizontally', 'Distribute vertically']);
  });

  test('the lock entry reads Lock, or Unlock when every selected item is locked', () => {
    expect(labels(menuGroups({ onItems: true, canWrite: true, movable: 1, locked: false }, actions())).flat()).toContain('Lock');
    const locked = labels(menuGroups({ onItems: true, canWrite: true, movable: 0, locked: true }, actions())).flat();
    expect(locked).toContain('Unlock');
    expect(locked).not.toContain('Lock');
    expect(labels(menuGroups({ onItems: true, canWrite: false, movable: 0, locked: true }, actions())).flat()).not.toContain('Unlock');
  });

  test('each entry runs its action', () => {
    const a = actions();
    const entries = menuGroups({ onItems: true, canWrite: true, movable: 3, locked: false }, a).flat();
    for (const entry of entries) entry.run();
    expect(a.order).toHaveBeenCalledWith('front');
    expect(a.order).toHaveBeenCalledWith('back');
    expect(a.align).toHaveBeenCalledWith('center');
    expect(a.distribute).toHaveBeenCalledWith('vertical');
    for (const name of ['cut', 'copy', 'paste', 'duplicate', 'remove', 'selectAll', 'toggleLock'] as const) expect(a[name]).toHaveBeenCalledOnce();
  });
});
