import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { OpenBoard } from '../BoardPage.js';
import type { BoardEdits } from '../edits.js';
import type { Tool } from '../Toolbar.js';
import type { View } from '../viewport.js';
import type { BoardCommands } from './BoardCommands.js';
import { ContextMenu } from './ContextMenu.js';
import type { Alignment, Axis, Order } from './layout.js';
import { allLocked, lockedCount, lockedNotice, lockedResizeNotice, lockTarget } from '../lock/itemLocks.js';
import { menuGroups } from './menuEntries.js';
import { ShortcutsSheet } from './ShortcutsSheet.js';
import { toolKeys } from './shortcuts.js';
import { inTextField, useClipboard } from './useClipboard.js';

/** What the board's commands act on, from the canvas. */
export interface BoardCommandsOptions {
  readonly board: OpenBoard;
  /** Null until the writes have loaded, and for people who may not change the board. */
  readonly edits: BoardEdits | null;
  readonly selection: ReadonlySet<string>;
  readonly setSelection: (ids: ReadonlySet<string>) => void;
  readonly setTool: (tool: Tool) => void;
  readonly view: View;
  /** The canvas surface (the element the view's screen coordinates are relative to). */
  readonly surface: RefObject<HTMLDivElement | null>;
  /** Zooms the view to fit the board. */
  readonly onFit: () => void;
  /** Shows (or, with null, clears) a refused command's message. */
  readonly onError: (message: string | null) => void;
}

/** What the canvas mounts: the surface's context-menu handler and the menu, sheet and help button. */
export interface BoardCommandsView {
  readonly onContextMenu: (event: MouseEvent) => void;
  readonly ui: ComponentChildren;
}

interface MenuState {
  readonly x: number;
  readonly y: number;
  /** The board point the menu was opened at (where its Paste puts items). */
  readonly at: { x: number; y: number };
  readonly onItems: boolean;
}

const alignKeys: Readonly<Record<string, Alignment>> = { KeyA: 'left', KeyH: 'center', KeyD: 'right', KeyW: 'top', KeyV: 'middle', KeyS: 'bottom' };
const distributeKeys: Readonly<Record<string, Axis>> = { KeyH: 'horizontal', KeyV: 'vertical' };
const arrows: Readonly<Record<string, readonly [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The commands a person gives the selection from the keyboard and the right-click menu:
 * clipboard, duplicate, select all, nudge, tool keys, z-order, align and distribute, lock, the
 * context menu (Shift+F10 or the Menu key from the keyboard) and the shortcuts sheet (`?`).
 * Viewers and commenters get copy, select all and the view commands only. Each write is one
 * undo step; a burst of arrow-key nudges is one too.
 */
export function useBoardCommands(o: BoardCommandsOptions): BoardCommandsView {
  const { board, edits, selection } = o;
  const { undo, store } = board;
  const [commands, setCommands] = useState<BoardCommands | null>(null);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const [sheet, setSheet] = useState(false);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const burst = useRef<{ timer: number; timeout: number } | null>(null);
  const onKeyRef = useRef<(event: KeyboardEvent) => void>(() => undefined);
  /** Set and cleared synchronously (state lags a render): a keyboard-opened menu is not replaced by the browser's own contextmenu event. */
  const menuOpen = useRef(false);
  const canWrite = board.canEdit && edits !== null && commands !== null;

  // Loaded beside the board, as the writes are: the catalogue's schemas stay off the first paint.
  useEffect(() => {
    let live = true;
    import('./BoardCommands.js').then(
      (module) => live && setCommands(new module.BoardCommands(board.doc, board.actor, () => board.store.items())),
      (e: unknown) => o.onError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [board]);

  useEffect(() => {
    const el = o.surface.current;
    if (!el) return undefined;
    const move = (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
    };
    const leave = () => {
      pointer.current = null;
    };
    // Shift+F10 also raises the browser's contextmenu event (at the focused element, wherever that
    // is): the menu the key opened stands, and no browser menu covers it.
    const keyboardMenu = (event: MouseEvent) => {
      if (menuOpen.current) event.preventDefault();
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerleave', leave);
    window.addEventListener('contextmenu', keyboardMenu, true);
    return () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerleave', leave);
      window.removeEventListener('contextmenu', keyboardMenu, true);
    };
  }, []);

  const toWorld = (clientX: number, clientY: number) => {
    const rect = o.surface.current?.getBoundingClientRect();
    return { x: (clientX - (rect?.left ?? 0) - o.view.x) / o.view.zoom, y: (clientY - (rect?.top ?? 0) - o.view.y) / o.view.zoom };
  };
  const surfaceCentre = () => {
    const rect = o.surface.current?.getBoundingClientRect();
    return { x: (rect?.left ?? 0) + (rect?.width ?? 0) / 2, y: (rect?.top ?? 0) + (rect?.height ?? 0) / 2 };
  };

  /** One undo step: nothing before or after merges with it. */
  const step = (write: () => void) => {
    try {
      undo?.stopCapturing();
      write();
      undo?.stopCapturing();
      o.onError(null);
    } catch (e) {
      o.onError(e instanceof Error ? e.message : String(e));
    }
  };
  const select = (ids: Iterable<string>) => o.setSelection(new Set(ids));
  const remove = (ids: Iterable<string>) => {
    if (!edits) return;
    const chosen = [...ids];
    step(() => edits.delete(chosen));
    const notice = lockedNotice(lockedCount(chosen, (id) => store.get(id)));
    if (notice) o.onError(notice);
  };
  const toggleLock = () => {
    if (!edits || !canWrite || selection.size === 0) return;
    const items = [...selection].map((id) => store.get(id));
    step(() => edits.setLocked(selection, lockTarget(items)));
  };
  const selectAll = () => select(store.items().map((item) => item.id));

  const clipboard = useClipboard({
    boardId: board.boardId,
    tokens: board.tokens,
    commands,
    canWrite,
    selection,
    step,
    remove,
    select,
    pastePoint: () => {
      const at = pointer.current ?? surfaceCentre();
      return toWorld(at.x, at.y);
    },
    onError: o.onError,
  });

  const withCommands = (run: (c: BoardCommands) => void) => {
    if (canWrite && commands && selection.size > 0) step(() => run(commands));
  };
  const duplicate = () => withCommands((c) => select(c.duplicate(selection, board.boardId)));
  const order = (how: Order) => withCommands((c) => c.order(selection, how));
  const align = (how: Alignment) => withCommands((c) => c.align(selection, how));
  const distribute = (axis: Axis) => withCommands((c) => c.distribute(selection, axis));
  /** Alt+arrow: one undo step per press; locked items refuse, with a notice. */
  const resizeBy = (dw: number, dh: number) => {
    let left = 0;
    withCommands((c) => void (left = c.resizeBy(selection, dw, dh)));
    const notice = lockedResizeNotice(left);
    if (notice) o.onError(notice);
  };

  const nudge = (dx: number, dy: number) => {
    if (!canWrite || !commands || selection.size === 0) return;
    // A burst of nudges (keys pressed less than a second apart) is one undo step.
    if (burst.current === null) {
      undo?.stopCapturing();
      burst.current = { timer: 0, timeout: undo?.captureTimeout ?? 0 };
      if (undo) undo.captureTimeout = Number.POSITIVE_INFINITY;
    } else window.clearTimeout(burst.current.timer);
    const current = burst.current;
    current.timer = window.setTimeout(() => {
      burst.current = null;
      if (undo) {
        undo.captureTimeout = current.timeout;
        undo.stopCapturing();
      }
    }, 1000);
    try {
      commands.nudge(selection, dx, dy);
      o.onError(null);
    } catch (e) {
      o.onError(e instanceof Error ? e.message : String(e));
    }
  };

  const movable = [...selection].filter((id) => {
    const type = store.get(id)?.type;
    return type !== undefined && type !== 'connector' && store.get(id)?.locked !== true;
  }).length;

  const openMenu = (state: MenuState) => {
    menuOpen.current = true;
    setMenu(state);
  };
  const closeMenu = () => {
    menuOpen.current = false;
    setMenu(null);
  };

  const openMenuFromKeyboard = () => {
    const boxes = [...selection].map((id) => document.querySelector(`[data-item-id="${CSS.escape(id)}"]`)?.getBoundingClientRect()).filter((r): r is DOMRect => r !== undefined);
    const at = boxes.length > 0 ? { x: (Math.min(...boxes.map((r) => r.left)) + Math.max(...boxes.map((r) => r.right))) / 2, y: (Math.min(...boxes.map((r) => r.top)) + Math.max(...boxes.map((r) => r.bottom))) / 2 } : surfaceCentre();
    openMenu({ x: at.x, y: at.y, at: toWorld(at.x, at.y), onItems: selection.size > 0 });
  };

  // The listener reads the handler of the latest render: effects run only after a paint, and a key
  // pressed right after a click must already see the selection the click made.
  onKeyRef.current = (event: KeyboardEvent) => {
    if (event.defaultPrevented || menuOpen.current || sheet) return;
    const target = event.target as Element | null;
    if (inTextField(target) || target?.closest?.('[role=dialog], [role=menu]')) return;
    const action = keyAction(event);
    if (action) {
      event.preventDefault();
      action();
    }
  };
  /** What a key outside text fields does, if anything. */
  const keyAction = (event: KeyboardEvent): (() => void) | undefined => {
    const mod = event.ctrlKey || event.metaKey;
    if (mod && !event.altKey) {
      const key = event.key.toLowerCase();
      if (key === 'a') return selectAll;
      if (key === 'd') return duplicate;
      if (key === 'l' && event.shiftKey) return toggleLock;
      if (event.code === 'BracketRight') return () => order(event.shiftKey ? 'front' : 'forward');
      if (event.code === 'BracketLeft') return () => order(event.shiftKey ? 'back' : 'backward');
      return undefined;
    }
    if (event.altKey && !mod && arrows[event.key]) {
      const [dx, dy] = arrows[event.key]!;
      const by = event.shiftKey ? 10 : 1;
      return selection.size > 0 && canWrite ? () => resizeBy(dx * by, dy * by) : undefined;
    }
    if (event.altKey && !mod) {
      const axis = event.shiftKey ? distributeKeys[event.code] : undefined;
      const how = event.shiftKey ? undefined : alignKeys[event.code];
      if (axis) return () => distribute(axis);
      return how ? () => align(how) : undefined;
    }
    if (mod || event.altKey) return undefined;
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) return openMenuFromKeyboard;
    if (event.key === '?') return () => setSheet(true);
    const arrow = arrows[event.key];
    if (arrow && selection.size > 0 && canWrite) {
      const by = event.shiftKey ? 10 : 1;
      return () => nudge(arrow[0] * by, arrow[1] * by);
    }
    const tool = event.shiftKey ? undefined : toolKeys[event.key.toLowerCase()];
    if (tool && (tool === 'select' || (tool === 'comment' ? board.canComment : canWrite))) return () => o.setTool(tool);
    return undefined;
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => onKeyRef.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onContextMenu = (event: MouseEvent) => {
    if (inTextField(event.target)) return;
    event.preventDefault();
    if (menuOpen.current) return;
    const hit = (event.target as Element).closest('[data-item-id]')?.getAttribute('data-item-id') ?? null;
    if (hit !== null && !selection.has(hit)) o.setSelection(new Set([hit]));
    openMenu({ x: event.clientX, y: event.clientY, at: toWorld(event.clientX, event.clientY), onItems: hit !== null });
  };

  const menuOf = (m: MenuState) =>
    menuGroups(
      { onItems: m.onItems, canWrite, movable, locked: allLocked([...selection].map((id) => store.get(id))) },
      {
        cut: clipboard.cut,
        copy: clipboard.copy,
        paste: () => void clipboard.pasteAt(m.at),
        duplicate,
        remove: () => remove(selection),
        order,
        align,
        distribute,
        selectAll,
        toggleLock,
        fit: o.onFit,
      },
    );

  return {
    onContextMenu,
    ui: (
      <>
        <button
          type="button"
          class="shortcuts-button"
          data-commands={commands !== null && (!board.canEdit || edits !== null) ? 'ready' : 'loading'}
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={() => setSheet(true)}
        >
          ?
        </button>
        {menu && <ContextMenu groups={menuOf(menu)} x={menu.x} y={menu.y} onClose={closeMenu} />}
        {sheet && <ShortcutsSheet onClose={() => setSheet(false)} />}
      </>
    ),
  };
}
