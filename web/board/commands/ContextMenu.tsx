import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { MenuEntry } from './menuEntries.js';


/** The context menu's props: groups of entries (drawn with separators between them), where, and how it closes. */
export interface ContextMenuProps {
  readonly groups: readonly (readonly MenuEntry[])[];
  /** Top-left corner in viewport pixels (moved in when it would leave the window). */
  readonly x: number;
  readonly y: number;
  readonly onClose: () => void;
}

/**
 * A right-click menu (role="menu"): focus starts on its first entry, arrow keys, Home and End
 * move it, Enter or Space runs an entry, Escape or a click elsewhere closes the menu, and focus
 * returns to where it was.
 */
export function ContextMenu({ groups, x, y, onClose }: ContextMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: x, top: y });

  useLayoutEffect(() => {
    const el = menu.current;
    if (!el) return;
    setPlace({ left: Math.max(4, Math.min(x, window.innerWidth - el.offsetWidth - 4)), top: Math.max(4, Math.min(y, window.innerHeight - el.offsetHeight - 4)) });
  }, [x, y]);

  // On commit, not after paint, so the first key pressed after opening is the menu's.
  useLayoutEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    menu.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    const away = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    window.addEventListener('pointerdown', away, true);
    return () => {
      window.removeEventListener('pointerdown', away, true);
      if (before && document.contains(before)) before.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      entries[(index + entries.length) % entries.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div ref={menu} class="context-menu" role="menu" aria-label="Board commands" style={{ left: `${place.left}px`, top: `${place.top}px` }} onKeyDown={onKeyDown} onContextMenu={(e) => e.preventDefault()}>
      {groups
        .filter((group) => group.length > 0)
        .map((group, g) => (
          <div key={g} role="group" class="menu-group">
            {group.map((entry) => (
              <button
                key={entry.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  entry.run();
                  onClose();
                }}
              >
                <span>{entry.label}</span>
                {entry.keys && <kbd>{entry.keys}</kbd>}
              </button>
            ))}
          </div>
        ))}
    </div>
  );
}
