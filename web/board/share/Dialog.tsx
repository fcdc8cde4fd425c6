import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let dialogCount = 0;
/** Open dialogs, innermost last: only it answers keys. */
const openDialogs: HTMLElement[] = [];

/**
 * A modal dialog (role="dialog", aria-modal, labelled by its title): focus moves into it, Tab
 * stays inside, Escape or the backdrop closes it, and focus returns where it was. Keys never
 * reach the page behind it (the canvas's Delete and Escape shortcuts).
 */
export function Dialog({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useRef(`dialog-title-${(dialogCount += 1)}`).current;

  const close = useRef(onClose);
  close.current = onClose;

  // In the commit that mounts it, not after the next paint: a page in the background paints late,
  // and whatever took focus meanwhile (a click or a key into the dialog) would be taken for its opener.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (element.querySelector<HTMLElement>(focusable) ?? element).focus();
    openDialogs.push(element);
    // A key pressed while focus is outside the dialog (its focused control was removed, say) is the dialog's too.
    const outside = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== element || element.contains(event.target as Node | null)) return;
      event.stopPropagation();
      if (event.key === 'Escape') close.current();
      else if (event.key === 'Tab') {
        event.preventDefault();
        (element.querySelector<HTMLElement>(focusable) ?? element).focus();
      }
    };
    window.addEventListener('keydown', outside, true);
    return () => {
      window.removeEventListener('keydown', outside, true);
      openDialogs.splice(openDialogs.indexOf(element), 1);
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div class="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} class={wide ? 'modal wide' : 'modal'} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div class="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" class="modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
