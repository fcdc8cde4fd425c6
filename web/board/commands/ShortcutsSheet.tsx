import { useEffect, useRef } from 'preact/hooks';
import { shortcutGroups } from './shortcuts.js';

/** The keyboard shortcuts dialog: modal, closed by Escape or its button, focus returned to where it was. */
export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => before?.focus?.();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      // The close button is the dialog's one control: focus stays on it.
      event.preventDefault();
      close.current?.focus();
    }
  };
  return (
    <div class="sheet-backdrop" onPointerDown={(e) => e.target === e.currentTarget && onClose()}>
      <div class="sheet" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title" onKeyDown={onKeyDown}>
        <div class="sheet-head">
          <h2 id="shortcuts-title">Keyboard shortcuts</h2>
          <button type="button" ref={close} onClick={onClose} aria-label="Close the shortcuts">
            Close
          </button>
        </div>
        <div class="sheet-groups">
          {shortcutGroups.map((group) => (
            <table key={group.title} class="sheet-group">
              <caption>{group.title}</caption>
              <tbody>
                {group.shortcuts.map((s) => (
                  <tr key={s.keys}>
                    <td>
                      <kbd>{s.keys}</kbd>
                    </td>
                    <td>{s.does}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      </div>
    </div>
  );
}
