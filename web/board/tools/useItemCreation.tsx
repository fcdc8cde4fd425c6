import { useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { BoardEdits } from '../edits.js';
import type { WorldPoint } from '../freehand.js';
import { editableField } from '../TextEditor.js';
import type { Tool } from '../Toolbar.js';
import { creationTool } from './itemTools.js';
import { LinkDialog } from './LinkDialog.js';
import { useRemembered } from '../prefs/useRemembered.js';
import { StampPicker, stampEmoji } from './StampPicker.js';

/** What item creation needs from the canvas. */
export interface ItemCreationOptions {
  readonly tool: Tool;
  readonly setTool: (tool: Tool) => void;
  readonly edits: BoardEdits | null;
  /** Runs a write, showing its error instead of throwing. */
  readonly attempt: (write: () => void) => void;
  /** A new item was created: select it, and edit its text in place when `edit`. */
  readonly onCreated: (id: string, edit: boolean) => void;
}

/** The pointer handlers and the drawings of item creation, for the canvas to call and mount. */
export interface ItemCreation {
  /** Pointer down on the canvas at `point` (board units); true when a creation tool took it. */
  down(event: PointerEvent, point: WorldPoint): boolean;
  /** Pointer move; true while a frame is being drawn. */
  move(point: WorldPoint): boolean;
  /** Pointer up (`commit`) or cancel; true when it ended a frame drawing. */
  up(commit: boolean): boolean;
  /** The frame being drawn, in board units (inside the canvas's world layer). */
  readonly overlay: JSX.Element | null;
  /** The link dialog, or the stamp picker while the Stamp tool is chosen, over the canvas. */
  readonly dialog: JSX.Element | null;
}

/** Size of a frame made with a click instead of a drag. */
const clickFrame = { width: 400, height: 300 };
/** Smallest frame, per the catalogue's `section.minSize`. */
const minFrame = 50;

const rounded = (p: WorldPoint) => ({ x: Math.round(p.x), y: Math.round(p.y) });

/**
 * Creation with the toolbar's item tools, each through the catalogue's `createItem` (one undo
 * step): a click places a note, text, shape, card, table, doc, code block or stamp with its
 * tool's data; a drag draws a frame (a `section`) of the dragged size; a click with the Link
 * tool opens a dialog for the URL and places an `embed` there. The Stamp tool shows a picker; the
 * stamp chosen there is placed, and this browser remembers it for the next stamp.
 */
export function useItemCreation(o: ItemCreationOptions): ItemCreation {
  const frame = useRef<{ start: WorldPoint; end: WorldPoint } | null>(null);
  const [draft, setDraft] = useState<{ start: WorldPoint; end: WorldPoint } | null>(null);
  const [link, setLink] = useState<{ position: { x: number; y: number }; left: number; top: number } | null>(null);
  const tool = creationTool(o.tool);
  const [stamp, setStamp] = useRemembered('stamp', stampEmoji, stampEmoji[0]!);
  const dataOf = (data: Record<string, unknown>) => (tool?.type === 'stamp' ? { ...data, emoji: stamp } : { ...data });

  const create = (type: string, position: { x: number; y: number }, data: Record<string, unknown>, size?: { width: number; height: number }) => {
    const edits = o.edits;
    if (!edits) return;
    const id = edits.create({ type, position, data, ...(size ? { size } : {}) });
    o.onCreated(id, editableField(type) !== undefined);
  };

  const down = (event: PointerEvent, point: WorldPoint): boolean => {
    if (!tool || !o.edits || event.button !== 0) return false;
    if (tool.placement === 'click') {
      o.attempt(() => create(tool.type, rounded(point), dataOf(tool.data)));
      o.setTool('select');
    } else if (tool.placement === 'drag') {
      frame.current = { start: point, end: point };
      setDraft({ start: point, end: point });
    } else {
      const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
      setLink({ position: rounded(point), left: event.clientX - rect.left, top: event.clientY - rect.top });
    }
    return true;
  };

  const move = (point: WorldPoint): boolean => {
    const f = frame.current;
    if (!f) return false;
    f.end = point;
    setDraft({ start: f.start, end: point });
    return true;
  };

  const up = (commit: boolean): boolean => {
    const f = frame.current;
    if (!f) return false;
    frame.current = null;
    setDraft(null);
    if (!commit || !tool) return true;
    const width = Math.abs(f.end.x - f.start.x);
    const height = Math.abs(f.end.y - f.start.y);
    const clicked = width < 5 && height < 5;
    const size = clicked ? clickFrame : { width: Math.max(minFrame, Math.round(width)), height: Math.max(minFrame, Math.round(height)) };
    const left = clicked ? f.start.x - size.width / 2 : Math.min(f.start.x, f.end.x);
    const top = clicked ? f.start.y - size.height / 2 : Math.min(f.start.y, f.end.y);
    o.attempt(() => create(tool.type, rounded({ x: left + size.width / 2, y: top + size.height / 2 }), { ...tool.data }, size));
    o.setTool('select');
    return true;
  };

  const overlay = draft ? (
    <div
      class="frame-draft"
      style={{
        left: `${Math.min(draft.start.x, draft.end.x)}px`,
        top: `${Math.min(draft.start.y, draft.end.y)}px`,
        width: `${Math.abs(draft.end.x - draft.start.x)}px`,
        height: `${Math.abs(draft.end.y - draft.start.y)}px`,
      }}
    />
  ) : null;

  const closeLink = () => {
    setLink(null);
    o.setTool('select');
  };
  const linkDialog = link ? (
    <LinkDialog
      key={`${link.position.x},${link.position.y}`}
      left={link.left}
      top={link.top}
      onClose={closeLink}
      onSubmit={(url) => {
        const edits = o.edits;
        if (!edits) return;
        const id = edits.create({ type: 'embed', position: link.position, data: { url } });
        o.onCreated(id, false);
        closeLink();
      }}
    />
  ) : null;
  const dialog = linkDialog ?? (tool?.type === 'stamp' && o.edits ? <StampPicker chosen={stamp} onChoose={setStamp} /> : null);

  return { down, move, up, overlay, dialog };
}
