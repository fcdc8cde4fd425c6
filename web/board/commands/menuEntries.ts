import type { Alignment, Axis, Order } from './layout.js';

/** One command of the context menu. */
export interface MenuEntry {
  readonly label: string;
  /** The shortcut shown beside it, if any. */
  readonly keys?: string;
  readonly run: () => void;
}

/** What the context menu's entries do. */
export interface MenuActions {
  readonly cut: () => void;
  readonly copy: () => void;
  readonly paste: () => void;
  readonly duplicate: () => void;
  readonly remove: () => void;
  readonly order: (how: Order) => void;
  readonly align: (how: Alignment) => void;
  readonly distribute: (axis: Axis) => void;
  readonly selectAll: () => void;
  readonly toggleLock: () => void;
  readonly fit: () => void;
}

/** Where the menu was opened and what the person may do there. */
export interface MenuPlace {
  /** True on an item or the selection, false on the background. */
  readonly onItems: boolean;
  /** False for viewers and commenters: only copy, select all and the view. */
  readonly canWrite: boolean;
  /** How many selected items can move (connectors follow their ends): align needs 2, distribute 3. */
  readonly movable: number;
  /** Every selected item is locked: the menu offers Unlock instead of Lock. */
  readonly locked: boolean;
}

/** The context menu's entries by group, for the place and the person's rights. */
export function menuGroups(place: MenuPlace, a: MenuActions): MenuEntry[][] {
  const selectAll: MenuEntry = { label: 'Select all', keys: 'Ctrl+A', run: a.selectAll };
  const paste: MenuEntry = { label: 'Paste', keys: 'Ctrl+V', run: a.paste };
  if (!place.onItems) return [place.canWrite ? [paste] : [], [selectAll, { label: 'Zoom to fit', keys: 'Shift+1', run: a.fit }]];
  const copy: MenuEntry = { label: 'Copy', keys: 'Ctrl+C', run: a.copy };
  if (!place.canWrite) return [[copy], [selectAll]];
  return [
    [{ label: 'Cut', keys: 'Ctrl+X', run: a.cut }, copy, paste, { label: 'Duplicate', keys: 'Ctrl+D', run: a.duplicate }, { label: 'Delete', keys: 'Delete', run: a.remove }],
    [{ label: place.locked ? 'Unlock' : 'Lock', keys: 'Ctrl+Shift+L', run: a.toggleLock }],
    [
      { label: 'Bring to front', keys: 'Ctrl+Shift+]', run: () => a.order('front') },
      { label: 'Bring forward', keys: 'Ctrl+]', run: () => a.order('forward') },
      { label: 'Send backward', keys: 'Ctrl+[', run: () => a.order('backward') },
      { label: 'Send to back', keys: 'Ctrl+Shift+[', run: () => a.order('back') },
    ],
    place.movable < 2
      ? []
      : [
          { label: 'Align left', keys: 'Alt+A', run: () => a.align('left') },
          { label: 'Align centre', keys: 'Alt+H', run: () => a.align('center') },
          { label: 'Align right', keys: 'Alt+D', run: () => a.align('right') },
          { label: 'Align top', keys: 'Alt+W', run: () => a.align('top') },
          { label: 'Align middle', keys: 'Alt+V', run: () => a.align('middle') },
          { label: 'Align bottom', keys: 'Alt+S', run: () => a.align('bottom') },
        ],
    place.movable < 3
      ? []
      : [
          { label: 'Distribute horizontally', keys: 'Alt+Shift+H', run: () => a.distribute('horizontal') },
          { label: 'Distribute vertically', keys: 'Alt+Shift+V', run: () => a.distribute('vertical') },
        ],
    [selectAll],
  ];
}
