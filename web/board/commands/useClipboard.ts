import { useEffect, useRef } from 'preact/hooks';
import type { TokenSource } from '../../api.js';
import { pasteImageFiles } from '../images/paste.js';
import type { BoardCommands } from './BoardCommands.js';
import { clipForBoard } from './clipAssets.js';
import { clipFromHtml, clipHtml, clipMime, clipText, decodeClip, encodeClip } from './clipFormat.js';
import type { Clip } from './clipFormat.js';

/** The last clip copied in this tab: what the menu's Paste uses when the browser does not let it read the clipboard. */
let lastCopied: Clip | null = null;

/** True for targets whose keys and clipboard belong to them (text fields). */
export function inTextField(target: EventTarget | null): boolean {
  return (target as Element | null)?.closest?.('input, textarea, select, [contenteditable]') != null;
}

/** What the clipboard commands work on. */
export interface ClipboardOptions {
  readonly boardId: string;
  /** The session's tokens, for copying the images of items pasted from another board. */
  readonly tokens: TokenSource;
  /** Null until the commands have loaded. */
  readonly commands: BoardCommands | null;
  /** False for viewers and commenters: they copy, never cut or paste. */
  readonly canWrite: boolean;
  readonly selection: ReadonlySet<string>;
  /** Runs a write as one undo step, reporting a refusal. */
  readonly step: (write: () => void) => void;
  /** Deletes items (one undo step). */
  readonly remove: (ids: Iterable<string>) => void;
  readonly select: (ids: readonly string[]) => void;
  /** Where a paste goes: the board point under the pointer over the canvas, else the view's centre. */
  readonly pastePoint: () => { x: number; y: number };
  readonly onError: (message: string | null) => void;
}

/** The clipboard commands, for the context menu (the keys use the browser's own copy, cut and paste events). */
export interface BoardClipboard {
  copy: () => void;
  cut: () => void;
  /** Pastes what the clipboard holds, centred on `at` (a board point). */
  pasteAt: (at: { x: number; y: number }) => Promise<void>;
}

/**
 * Copy, cut and paste of the selection through the system clipboard: Ctrl/⌘+C, X and V outside
 * text fields (the browser's copy, cut and paste events) and the menu. A copy writes the
 * items' texts as `text/plain` and the items themselves (custom type, and JSON inside
 * `text/html`); a paste creates copies of board items (a same-board paste again steps 20
 * units aside each time; items from another board first have their images copied here, see
 * `clipForBoard`), an image file through `pasteImageFiles`, or plain text from other apps as a
 * sticky note.
 */
export function useClipboard(o: ClipboardOptions): BoardClipboard {
  const pastes = useRef(0);

  const clipNow = (): Clip | null => {
    if (!o.commands || o.selection.size === 0) return null;
    const clip = o.commands.clipOf(o.selection, o.boardId);
    return clip.items.length > 0 ? clip : null;
  };

  const pasteClip = (clip: Clip, at: { x: number; y: number } | null) => {
    const commands = o.commands;
    if (!commands) return;
    if (clip.boardId !== o.boardId) {
      // The place is taken now: the pointer may move while the images are copied.
      const place = { at: at ?? o.pastePoint() };
      clipForBoard(clip, o.boardId, o.tokens).then(
        ({ clip: ready, leftOut }) => {
          if (ready.items.length > 0) o.step(() => o.select(commands.paste(ready, place)));
          if (leftOut) o.onError(leftOut);
        },
        (e: unknown) => o.onError(e instanceof Error ? e.message : String(e)),
      );
      return;
    }
    if (at === null) pastes.current += 1;
    const offset = 20 * pastes.current;
    o.step(() => o.select(commands.paste(clip, at === null ? { offset: { dx: offset, dy: offset } } : { at })));
  };

  const pasteImages = (files: File[], at: { x: number; y: number }) => {
    pasteImageFiles(files, at).then(
      (ids) => o.select(ids),
      (e: unknown) => o.onError(e instanceof Error ? e.message : String(e)),
    );
  };

  const pasteText = (text: string, at: { x: number; y: number }) => {
    const commands = o.commands;
    if (commands && text.trim() !== '') o.step(() => o.select([commands.pasteText(text, at)]));
  };

  // The listeners read the handlers of the latest render (effects run only after a paint).
  const handlers = useRef<Record<'copy' | 'cut' | 'paste', (event: ClipboardEvent) => void> | null>(null);
  {
    const onCopy = (event: ClipboardEvent, cut: boolean) => {
      // A cut by someone who may not change the board is nothing at all, not a copy.
      if (cut && !o.canWrite) return;
      const selected = window.getSelection();
      if (inTextField(document.activeElement) || (selected !== null && !selected.isCollapsed && selected.toString() !== '')) return;
      const clip = clipNow();
      if (!clip || !event.clipboardData) return;
      event.preventDefault();
      event.clipboardData.setData('text/plain', clipText(clip));
      event.clipboardData.setData('text/html', clipHtml(clip));
      event.clipboardData.setData(clipMime, encodeClip(clip));
      lastCopied = clip;
      pastes.current = 0;
      if (cut) o.remove(clip.items.map((item) => item.id));
    };
    const copy = (event: ClipboardEvent) => onCopy(event, false);
    const cut = (event: ClipboardEvent) => onCopy(event, true);
    const paste = (event: ClipboardEvent) => {
      const data = event.clipboardData;
      // Taken already (the board's image paste takes image files): one paste, one write.
      if (event.defaultPrevented) return;
      if (inTextField(document.activeElement) || !o.canWrite || !o.commands || !data) return;
      event.preventDefault();
      const clip = decodeClip(data.getData(clipMime)) ?? clipFromHtml(data.getData('text/html'));
      if (clip) return pasteClip(clip, null);
      const images = [...data.files].filter((file) => file.type.startsWith('image/'));
      if (images.length > 0) return pasteImages(images, o.pastePoint());
      pasteText(data.getData('text/plain'), o.pastePoint());
    };
    handlers.current = { copy, cut, paste };
  }
  useEffect(() => {
    const kinds = ['copy', 'cut', 'paste'] as const;
    const listeners = kinds.map((kind) => [kind, (event: ClipboardEvent) => handlers.current?.[kind](event)] as const);
    for (const [kind, listener] of listeners) document.addEventListener(kind, listener);
    return () => {
      for (const [kind, listener] of listeners) document.removeEventListener(kind, listener);
    };
  }, []);

  /** The menu's copy: the browser's copy command (which raises the copy event above), else this tab's memory and plain text. */
  const copy = () => {
    const clip = clipNow();
    if (!clip) return;
    if (!document.execCommand('copy')) {
      lastCopied = clip;
      pastes.current = 0;
      void navigator.clipboard?.writeText(clipText(clip)).catch(() => undefined);
    }
  };

  return {
    copy,
    cut: () => {
      const clip = clipNow();
      if (!clip || !o.canWrite) return;
      copy();
      o.remove(clip.items.map((item) => item.id));
    },
    pasteAt: async (at) => {
      let clip: Clip | null = null;
      let text = '';
      const images: File[] = [];
      try {
        for (const item of await navigator.clipboard.read()) {
          if (item.types.includes('text/html')) clip ??= clipFromHtml(await (await item.getType('text/html')).text());
          const image = item.types.find((type) => type.startsWith('image/'));
          if (image) images.push(new File([await item.getType(image)], 'pasted-image', { type: image }));
          if (item.types.includes('text/plain')) text ||= await (await item.getType('text/plain')).text();
        }
      } catch {
        // The browser did not let the page read the clipboard: paste what this tab copied last.
        clip = lastCopied;
        if (!clip) o.onError('The browser did not allow reading the clipboard: paste with Ctrl+V (⌘+V).');
      }
      if (clip) pasteClip(clip, at);
      else if (images.length > 0) pasteImages(images, at);
      else pasteText(text, at);
    },
  };
}
