import { useEffect, useRef, useState } from 'preact/hooks';

/** What the link dialog needs: where it opens (in pixels over the canvas) and what adding does. */
export interface LinkDialogProps {
  readonly left: number;
  readonly top: number;
  /** Adds the link; throws with the catalogue's message when the URL is refused. */
  readonly onSubmit: (url: string) => void;
  readonly onClose: () => void;
}

/**
 * The small dialog the Link tool opens where the canvas was clicked: it asks for the https URL
 * and adds the link through the same validation as the API, showing its message on refusal
 * (nothing is stored then). Escape or Cancel closes it; focus stays inside while it is open
 * and goes back to where it was when it closes.
 */
export function LinkDialog(p: LinkDialogProps) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    input.current?.focus();
    return () => (before ?? document.querySelector<HTMLElement>('button[data-tool=more]'))?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      p.onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(box.current?.querySelectorAll<HTMLElement>('input, button') ?? [])];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div ref={box} class="link-dialog" role="dialog" aria-modal="true" aria-label="Add a link" style={{ left: `${p.left}px`, top: `${p.top}px` }} onKeyDown={onKeyDown}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          try {
            p.onSubmit(url.trim());
          } catch (e) {
            setError(e instanceof Error ? e.message : String(e));
            input.current?.focus();
          }
        }}
      >
        <label>
          Link (https URL)
          <input
            ref={input}
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? 'link-dialog-error' : undefined}
            onInput={(event) => {
              setUrl((event.target as HTMLInputElement).value);
              setError(null);
            }}
          />
        </label>
        {error !== null && (
          <p id="link-dialog-error" class="error" role="alert">
            {error}
          </p>
        )}
        <div class="link-dialog-actions">
          <button type="button" onClick={p.onClose}>
            Cancel
          </button>
          <button type="submit" class="primary">
            Add link
          </button>
        </div>
      </form>
    </div>
  );
}
