import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { OpenBoard } from '../BoardPage.js';
import type { CanvasLink } from '../assistant/CanvasLink.js';
import { useLinkState } from '../assistant/canvasBridge.js';
import type { ExportFormat as Format } from './runExport.js';

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
 * images and the PDF). "Include comments" (off until ticked) adds the comment pins, and to a
 * PDF the threads' pages. Uploaded images are fetched into the file, with their progress shown
 * and a notice for any that could not be. The export code loads on first use.
 */
export function ExportMenu({ board, title, link }: { board: OpenBoard; title: string; link: CanvasLink }) {
  useLinkState(link);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [includeComments, setIncludeComments] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const hasSelection = link.selection.size > 0;
  // A public link's token opens live sync only: its guests export images from the page, not the API's JSON.
  const guest = board.user.id.startsWith('link:');

  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role^=menuitem]:not([disabled])') ?? [])];
  // A layout effect: the first entry takes the focus as the menu is committed. Run after paint,
  // an Escape pressed in between closed the menu and then, as Preact runs a pending effect
  // before the next render, the stale effect moved the focus into the closing menu and so to
  // the page's body.
  useLayoutEffect(() => {
    if (!open) return undefined;
    items()[0]?.focus();
    const away = (event: PointerEvent) => {
      if (!popup.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
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
    setNotice(null);
    setProgress(null);
    const request = {
      format,
      items: board.store.items(),
      selection: new Set(link.selection),
      boardId: board.boardId,
      tokens: board.tokens,
      user: board.user,
      title,
      includeComments,
      onProgress: (done: number, total: number) => setProgress(total > 0 ? { done, total } : null),
    };
    import('./runExport.js')
      .then(async (x) => {
        const outcome = await x.runExport(request);
        const { download } = await import('./exports.js');
        download(outcome.file);
        setNotice(outcome.notice);
      })
      .then(
        () => {
          setBusy(false);
          setProgress(null);
        },
        (error: unknown) => {
          setBusy(false);
          setProgress(null);
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
        <div ref={popup} class="menu export-popup">
          <div ref={menu} id="export-menu" class="menu-list" role="menu" aria-label="Export" aria-describedby="export-note" onKeyDown={onKeyDown}>
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
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={includeComments}
              data-export-option="comments"
              onClick={() => setIncludeComments(!includeComments)}
            >
              <span class="menu-check" aria-hidden="true">
                {includeComments ? '✓' : ''}
              </span>
              Include comments
            </button>
          </div>
          <p id="export-note" class="menu-note">
            Uploaded images are drawn in; images linked from other sites show as labelled placeholders.
          </p>
        </div>
      )}
      {busy && progress && (
        <div class="export-status" role="status">
          Fetching images: {progress.done} of {progress.total}
        </div>
      )}
      {notice && !open && (
        <div class="export-status menu-warning" role="status" data-export-notice>
          <span>{notice}</span>
          <button type="button" class="link" aria-label="Dismiss" title="Dismiss" onClick={() => setNotice(null)}>
            ×
          </button>
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
