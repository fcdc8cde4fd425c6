import { Fragment } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import * as Y from 'yjs';
import { findItemEntry } from '../../crdt/items/boardSchema.js';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import type { BoardEdits } from './edits.js';
import { editorStyle } from './inplace/editorBox.js';
import { adjacentTablePart, mainField, partValue, partWrite, textPart } from './inplace/textParts.js';
import type { Peer, Presence } from './Presence.js';
import { shiftIndex } from './textDelta.js';

/** Types whose main text is edited at once when the toolbar places a new one. */
const editedOnCreation = new Set(['sticky_note', 'text', 'shape', 'card', 'section', 'doc', 'code']);

/** The field a new item of `type` starts editing when placed from the toolbar, or undefined. */
export function editableField(type: string): string | undefined {
  return editedOnCreation.has(type) ? mainField(type) : undefined;
}

/** True when a double-click (or Enter) edits a text of items of `type` (see inplace/textParts). */
export function editsInPlace(type: string): boolean {
  return mainField(type) !== undefined;
}

/** True when the editor of the item's `part` covers the whole item (which is hidden meanwhile). */
export function hidesItem(item: StoredItem, part: string | null): boolean {
  return textPart(item, part)?.cover === 'item';
}

/** The item's field as stored when it is a Y.Text, else undefined. */
function textOf(doc: Y.Doc, id: string, field: string): Y.Text | undefined {
  const data = findItemEntry(doc, id)?.get('data');
  const value = data instanceof Y.Map ? data.get(field) : undefined;
  return value instanceof Y.Text ? value : undefined;
}

/** Other people's carets in this text: their index and who they are. */
function remoteCarets(doc: Y.Doc, text: Y.Text | undefined, item: string, field: string, peers: readonly Peer[]): { index: number; peer: Peer }[] {
  if (!text) return [];
  const out: { index: number; peer: Peer }[] = [];
  for (const peer of peers) {
    if (peer.caret?.item !== item || peer.caret.field !== field) continue;
    try {
      const position = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(peer.caret.head), doc);
      if (position && position.type === text) out.push({ index: position.index, peer });
    } catch {
      // A malformed position from another client draws nothing.
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** What the in-place editor edits and whom it shows. */
export interface TextEditorProps {
  item: StoredItem;
  /** The part edited (see inplace/textParts), or null for the item's main text. */
  part: string | null;
  byId: (id: string) => StoredItem | undefined;
  doc: Y.Doc;
  edits: BoardEdits;
  presence: Presence;
  peers: readonly Peer[];
  onDone: () => void;
  /** Tab / Shift+Tab in a table: edit the next or previous part (its title, then its cells). */
  onPart: (part: string) => void;
  onError: (message: string) => void;
}

/**
 * A textarea over the edited text (the whole item, or the part of it that was double-clicked: a
 * card's description, a table cell, a connector's label), writing every keystroke through the
 * catalogue's patch, so the same rules as REST apply (a locked item refuses it). A `Y.Text` field
 * is changed by a minimal splice, so others see the text as it is typed and concurrent typing
 * merges; changes by others land in the textarea with the caret kept in place, and others'
 * carets in the same text are drawn (relative positions through awareness). A plain string
 * field (a table cell, an image's caption) is replaced as a whole. Escape, a click elsewhere, or
 * Enter in a one-line text ends editing; Tab and Shift+Tab move between a table's title and cells.
 */
export function TextEditor({ item, part: partName, byId, doc, edits, presence, peers, onDone, onPart, onError }: TextEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState(0);
  const part = textPart(item, partName);
  const field = part?.field ?? '';
  const value = part ? partValue(item, part) : '';
  const text = part?.cell ? undefined : textOf(doc, item.id, field);

  const announced = useRef('');
  // Input, select and keyup all report the caret: only a caret that moved is sent to others.
  const announce = () => {
    const el = ref.current;
    const t = part?.cell ? undefined : textOf(doc, item.id, field);
    if (!el || !t) return;
    const at = (index: number) => Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(t, index));
    const caret = { item: item.id, field, anchor: at(el.selectionStart), head: at(el.selectionEnd) };
    const key = JSON.stringify(caret);
    if (key === announced.current) return;
    announced.current = key;
    presence.setCaret(caret);
  };

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    el.value = value;
    el.focus();
    // A table cell is selected whole (typing replaces it, as in a spreadsheet); other texts get the caret at the end.
    el.setSelectionRange(part?.cell ? 0 : el.value.length, el.value.length);
    announce();
    return () => {
      announced.current = '';
      presence.setCaret(null);
    };
  }, [item.id, part?.name]);

  // A lock (here or by someone else) ends the edit: the item refuses changes until it is unlocked.
  useEffect(() => {
    if (item.locked) onDone();
  }, [item.locked]);

  // Others' typing: the new text, with the caret where it was within it.
  useEffect(() => {
    if (!text) return undefined;
    const observer = (event: Y.YTextEvent) => {
      const el = ref.current;
      const next = text.toString();
      if (!el || el.value === next) return;
      const start = shiftIndex(el.selectionStart, event.delta);
      const end = shiftIndex(el.selectionEnd, event.delta);
      el.value = next;
      el.setSelectionRange(start, end);
    };
    text.observe(observer);
    return () => text.unobserve(observer);
  }, [text]);

  // A field replaced as a whole (not spliced), by someone else or a refused write: follow it. The
  // stored value is read afresh: keys typed since this render are already in it.
  useEffect(() => {
    const el = ref.current;
    const latest = byId(item.id);
    const current = latest && part ? partValue(latest, part) : value;
    if (el && el.value !== current) {
      const start = Math.min(el.selectionStart, current.length);
      el.value = current;
      el.setSelectionRange(start, start);
    }
  }, [value]);

  useLayoutEffect(() => {
    if (mirror.current && ref.current) mirror.current.scrollTop = ref.current.scrollTop;
  });

  if (!part) return null;
  const style = editorStyle(item, part, byId);
  if (part.cover === 'item' && item.type === 'text' && typeof item.data.fontSize === 'number') style.fontSize = `${item.data.fontSize}px`;
  if (part.cover === 'item' && item.type === 'sticky_note' && typeof item.data.color === 'string') style.background = item.data.color;
  const carets = remoteCarets(doc, text, item.id, field, peers);
  const shown = text?.toString() ?? value;
  const classes = `text-editor e-${item.type} cover-${part.cover}${part.singleLine ? ' one-line' : ''}`;
  let from = 0;
  return (
    <>
      <textarea
        ref={ref}
        class={classes}
        data-editing={item.id}
        data-part={part.name}
        aria-label={part.label}
        style={style}
        maxLength={part.maxLength}
        spellcheck={true}
        onInput={(event) => {
          try {
            const { field: target, value: next } = partWrite(item, part, (event.target as HTMLTextAreaElement).value);
            edits.setField(item.id, target, next);
            announce();
          } catch (e) {
            onError(e instanceof Error ? e.message : String(e));
          }
        }}
        onSelect={announce}
        onKeyUp={announce}
        onPointerUp={announce}
        onScroll={(event) => setScroll((event.target as HTMLTextAreaElement).scrollTop)}
        onBlur={onDone}
        onKeyDown={(event) => {
          if (event.key === 'Escape' || (event.key === 'Enter' && part.singleLine && !event.shiftKey)) {
            event.preventDefault();
            onDone();
          } else if (event.key === 'Tab' && item.type === 'table') {
            event.preventDefault();
            const next = adjacentTablePart(item, part, event.shiftKey);
            if (next) onPart(next.name);
          }
        }}
      />
      {carets.length > 0 && (
        <div ref={mirror} class={`${classes} caret-mirror`} style={style} aria-hidden="true" data-scroll={scroll}>
          {carets.map(({ index, peer }) => {
            const before = shown.slice(from, index);
            from = Math.max(from, index);
            return (
              <Fragment key={peer.clientId}>
                {before}
                <span class="remote-caret" data-peer={peer.name} style={{ borderColor: peer.color }}>
                  <span class="remote-caret-name" style={{ background: peer.color }}>
                    {peer.name}
                  </span>
                </span>
              </Fragment>
            );
          })}
          {shown.slice(from)}
          {'\u200b'}
        </div>
      )}
    </>
  );
}
