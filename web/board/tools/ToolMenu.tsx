import { useLayoutEffect, useRef, useState } from 'preact/hooks';

/** One entry of a tool menu. */
export interface ToolMenuItem {
  readonly id: string;
  readonly label: string;
  readonly title: string;
  /** An SVG path in a 100 x 100 box drawn before the label (the shape a shape tool draws). */
  readonly icon?: string | undefined;
}

/** What a tool menu shows and reports. */
export interface ToolMenuProps {
  /** The name of the button that opens the menu (and of the menu). */
  readonly label: string;
  readonly title: string;
  /** `data-tool` of the button, for styling and tests. */
  readonly name: string;
  readonly items: readonly ToolMenuItem[];
  /** The tool in use: its entry is checked, and the button is pressed when it is one of the entries. */
  readonly current: string;
  readonly disabled: boolean;
  readonly onPick: (id: string) => void;
}

/**
 * A toolbar button that opens a menu of tools (`role="menu"`): arrows, Home and End move
 * between its entries, Enter or Space picks one, Escape or Tab closes it and gives the focus
 * back to the button, as does a click elsewhere.
 */
export function ToolMenu(p: ToolMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const active = p.items.some((item) => item.id === p.current);

  // On commit, not after paint: a key pressed before a deferred effect ran would meet a stale focus.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitemradio]') ?? [])];
    (entries.find((e) => e.getAttribute('aria-checked') === 'true') ?? entries[0])?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys in the menu are the menu's: Escape must not also clear the canvas, Delete not delete the selection.
    event.stopPropagation();
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitemradio]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') focus(at + 1);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') close();
    else return;
    event.preventDefault();
  };

  const current = p.items.find((item) => item.id === p.current);
  return (
    <span class="tool-menu">
      <button
        ref={button}
        type="button"
        data-tool={p.name}
        class={active ? 'tool active' : 'tool'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={current ? `${p.label}: ${current.label}` : p.label}
        title={p.title}
        disabled={p.disabled}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {p.label} ▾
      </button>
      {open && (
        <div ref={menu} class="menu" role="menu" aria-label={p.label} onKeyDown={onKeyDown}>
          {p.items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="menuitemradio"
              aria-checked={item.id === p.current}
              data-menu-tool={item.id}
              title={item.title}
              tabIndex={-1}
              onClick={() => {
                p.onPick(item.id);
                close();
              }}
            >
              {item.icon !== undefined && (
                <svg class="menu-icon" viewBox="-4 -4 108 108" aria-hidden="true">
                  <path d={item.icon} />
                </svg>
              )}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
