import { useEffect, useRef, useState } from 'preact/hooks';
import type { OpenBoard } from '../BoardPage.js';
import type { CanvasLink } from '../assistant/CanvasLink.js';
import { useLinkState } from '../assistant/canvasBridge.js';

type Format = 'png' | 'svg' | 'png-selection' | 'svg-selection' | 'pdf' | 'json';

const entries: readonly { format: Format; label: string; selection?: true }[] = [
  { format: 'png', label: 'PNG image of the board' },
  { format: 'svg', label: 'SVG image of the board' },
  { format: 'png-selection', label: 'PNG image of the selection', selection: true },
  { format: 'svg-selection', label: 'SVG image of the selection', selection: true },
  { format: 'pdf', label: 'PDF, one page per frame' },
  { format: 'json', label: 'JSON data of the board' },
];

/**
 * The top bar's Export menu (a menu button: arrow keys move, Enter picks, Escape closes and
 * gives focus back): the board or the selection as PNG or SVG, the frames as PDF pages, the
 * items as JSON. Open to every role that can read the board (guests on a public link get the
 * images and the PDF). The export code loads on first use.
 */
export function ExportMenu({ board, title, link }: { board: OpenBoard; title: string; link: CanvasLink }) {
  useLinkState(link);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const hasSelection = link.selection.size > 0;
  // A public link's token opens live sync only: its guests export images from the page, not the API's JSON.
  const guest = board.user.id.startsWith('link:');

  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]:not([disabled])') ?? [])];
  useEffect(() => {
    if (!open) return undefined;
    items()[0]?.focus();
    const away = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes the open menu wherever the focus is (on the menu once it took it, on the
    // button before, or elsewhere after a re-render), before the board's own keys see it.
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape, true);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(at + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? list[0] : list[list.length - 1])?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const pick = (format: Format) => {
    close();
    setBusy(true);
    setProblem(null);
    const all = board.store.items();
    import('./exports.js')
      .then(async (x) => {
        const selected = () => x.selectedItems(all, link.selection);
        const file =
          format === 'png'
            ? await x.pngFile(all, title)
            : format === 'svg'
              ? x.svgFile(all, title)
              : format === 'png-selection'
                ? await x.pngFile(selected(), title, ' (selection)')
                : format === 'svg-selection'
                  ? x.svgFile(selected(), title, ' (selection)')
                  : format === 'pdf'
                    ? await x.pdfFile(all, title)
                    : await x.jsonFile(board.tokens, board.boardId, title);
        x.download(file);
      })
      .then(
        () => setBusy(false),
        (error: unknown) => {
          setBusy(false);
          setProblem(error instanceof Error ? error.message : String(error));
        },
      );
  };

  return (
    <div class="menu-wrap">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'export-menu' : undefined}
        disabled={busy}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          } else if (e.key === 'Escape' && open) {
            // Pressed before the menu took the focus (it does so once painted).
            e.preventDefault();
            e.stopPropagation();
            close();
          }
        }}
      >
        {busy ? 'Exporting…' : 'Export'}
      </button>
      {open && (
        <div ref={menu} id="export-menu" class="menu" role="menu" aria-label="Export" onKeyDown={onKeyDown}>
          {entries.filter((entry) => entry.format !== 'json' || !guest).map((entry) => (
            <button
              key={entry.format}
              type="button"
              role="menuitem"
              data-export={entry.format}
              disabled={entry.selection === true && !hasSelection}
              title={entry.selection === true && !hasSelection ? 'Select items on the board first' : undefined}
              onClick={() => pick(entry.format)}
            >
              {entry.label}
            </button>
          ))}
        </div>
      )}
      {problem && (
        <span class="menu-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
