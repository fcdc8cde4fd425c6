import { useEffect, useLayoutEffect } from 'preact/hooks';
import type { RefObject } from 'preact';
import type { OpenBoard } from '../BoardPage.js';
import type { BoardEdits } from '../edits.js';
import { setImageTarget } from './imageTarget.js';
import { imageFilesOf, pasteImageFiles } from './paste.js';

/** What `useBoardImages` needs from the canvas. */
export interface BoardImagesOptions {
  board: OpenBoard;
  edits: BoardEdits | null;
  surface: RefObject<HTMLElement | null>;
  /** Screen point to board coordinates. */
  toWorld: (clientX: number, clientY: number) => { x: number; y: number };
  /** Hears the new image items' ids. */
  onCreated: (ids: readonly string[]) => void;
}

/** Whether the keyboard focus is in a field whose paste is text (the field takes it, not the board). */
function typingInField(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && (active.isContentEditable || active.tagName === 'INPUT' || active.tagName === 'TEXTAREA');
}

/** The middle of the visible board, in board coordinates. */
export function viewCentre(surface: HTMLElement | null, toWorld: BoardImagesOptions['toWorld']): { x: number; y: number } {
  const rect = surface?.getBoundingClientRect();
  return toWorld((rect?.left ?? 0) + (rect?.width ?? 0) / 2, (rect?.top ?? 0) + (rect?.height ?? 0) / 2);
}

/**
 * Images on the open board: makes it the target of uploads and of images shown, takes image
 * files dropped on the canvas (at the drop point) and image files pasted from the clipboard
 * (at the pointer when it is over the board, else the middle of the view; a paste another
 * handler already took is left alone).
 */
export function useBoardImages(options: BoardImagesOptions): void {
  const { board, edits, surface } = options;
  useLayoutEffect(() => {
    setImageTarget({ boardId: board.boardId, tokens: board.tokens, edits, onCreated: (ids) => options.onCreated(ids) });
    return () => setImageTarget(null);
  });

  useEffect(() => {
    const el = surface.current;
    if (!el || !edits) return undefined;
    let pointer: { clientX: number; clientY: number } | null = null;
    const onPointerMove = (event: PointerEvent) => {
      pointer = { clientX: event.clientX, clientY: event.clientY };
    };
    const onPointerLeave = () => {
      pointer = null;
    };
    const hasFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length > 0) void pasteImageFiles(files, options.toWorld(event.clientX, event.clientY));
    };
    const onPaste = (event: ClipboardEvent) => {
      if (event.defaultPrevented || typingInField()) return;
      const files = imageFilesOf(event.clipboardData?.files);
      if (files.length === 0) return;
      event.preventDefault();
      void pasteImageFiles(files, pointer ? options.toWorld(pointer.clientX, pointer.clientY) : viewCentre(el, options.toWorld));
    };
    el.addEventListener('pointermove', onPointerMove);
    el.addEventListener('pointerleave', onPointerLeave);
    el.addEventListener('dragover', onDragOver);
    el.addEventListener('drop', onDrop);
    document.addEventListener('paste', onPaste);
    return () => {
      el.removeEventListener('pointermove', onPointerMove);
      el.removeEventListener('pointerleave', onPointerLeave);
      el.removeEventListener('dragover', onDragOver);
      el.removeEventListener('drop', onDrop);
      document.removeEventListener('paste', onPaste);
    };
  });
}
