import type { Tool } from '../Toolbar.js';

/** The single keys that pick a tool (outside text fields, without Ctrl/⌘/Alt); H and space belong to the hand tool. */
export const toolKeys: Readonly<Record<string, Tool>> = {
  v: 'select',
  n: 'sticky_note',
  t: 'text',
  r: 'shape:rectangle',
  s: 'shape:rectangle',
  d: 'freehand',
  p: 'freehand',
  a: 'connector',
  l: 'connector',
  c: 'comment',
};

/** One line of the shortcuts sheet. */
export interface Shortcut {
  readonly keys: string;
  readonly does: string;
}

/** The shortcuts sheet, by group: every shortcut of the board page. */
export const shortcutGroups: readonly { readonly title: string; readonly shortcuts: readonly Shortcut[] }[] = [
  {
    title: 'Tools',
    shortcuts: [
      { keys: 'V', does: 'Select' },
      { keys: 'H', does: 'Hand (pan)' },
      { keys: 'N', does: 'Sticky note' },
      { keys: 'T', does: 'Text' },
      { keys: 'R or S', does: 'Rectangle (the Shape menu has the other kinds)' },
      { keys: 'D or P', does: 'Pen (draw)' },
      { keys: 'A or L', does: 'Connector' },
      { keys: 'C', does: 'Comment' },
    ],
  },
  {
    title: 'Edit',
    shortcuts: [
      { keys: 'Ctrl/⌘ + C', does: 'Copy' },
      { keys: 'Ctrl/⌘ + X', does: 'Cut' },
      { keys: 'Ctrl/⌘ + V', does: 'Paste (items, or text as a sticky note)' },
      { keys: 'Ctrl/⌘ + D', does: 'Duplicate' },
      { keys: 'Ctrl/⌘ + A', does: 'Select all' },
      { keys: 'Delete or Backspace', does: 'Delete the selection (locked items stay)' },
      { keys: 'Ctrl/⌘ + Shift + L', does: 'Lock or unlock the selection' },
      { keys: 'Arrow keys', does: 'Nudge 1 px (Shift: 10 px)' },
      { keys: 'Alt + Arrow keys', does: 'Resize 1 px: → ↓ grow, ← ↑ shrink, top-left corner kept (Alt + Shift: 10 px)' },
      { keys: 'Ctrl/⌘ + Z', does: 'Undo' },
      { keys: 'Ctrl/⌘ + Shift + Z or Ctrl/⌘ + Y', does: 'Redo' },
      { keys: 'Double-click or Enter', does: 'Edit the text of an item' },
      { keys: 'Tab / Shift + Tab', does: "In a table: next / previous cell (Shift + Tab in the first cell edits the table's title)" },
      { keys: 'Escape', does: 'Stop editing, clear the selection, close a menu' },
    ],
  },
  {
    title: 'Arrange',
    shortcuts: [
      { keys: 'Ctrl/⌘ + Shift + ]', does: 'Bring to front' },
      { keys: 'Ctrl/⌘ + ]', does: 'Bring forward' },
      { keys: 'Ctrl/⌘ + [', does: 'Send backward' },
      { keys: 'Ctrl/⌘ + Shift + [', does: 'Send to back' },
      { keys: 'Alt + A / Alt + H / Alt + D', does: 'Align left / centre / right' },
      { keys: 'Alt + W / Alt + V / Alt + S', does: 'Align top / middle / bottom' },
      { keys: 'Alt + Shift + H / Alt + Shift + V', does: 'Distribute horizontally / vertically' },
    ],
  },
  {
    title: 'View',
    shortcuts: [
      { keys: 'Space + drag, middle-button drag', does: 'Pan' },
      { keys: 'Ctrl/⌘ + wheel', does: 'Zoom' },
      { keys: 'Shift + 1', does: 'Zoom to fit' },
      { keys: 'Shift + 2', does: 'Zoom to the selection' },
      { keys: 'Ctrl/⌘ + 0', does: 'Zoom to 100 %' },
      { keys: 'Shift + F10 or the Menu key', does: 'Open the context menu' },
      { keys: '?', does: 'This sheet' },
    ],
  },
];
