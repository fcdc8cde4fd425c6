import { Fragment } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import * as Y from 'yjs';
import { findItemEntry } from '../../crdt/items/boardSchema.js';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import type { BoardEdits } from './edits.js';
import type { Peer, Presence } from './Presence.js';
import { shiftIndex } from './textDelta.js';

/** The text field edited in place for each type, with its longest value per the catalogue. */
const fields: Readonly<Record<string, { field: string; maxLength: number }>> = {
  sticky_note: { field: 'text', maxLength: 6000 },
  text: { field: 'text', maxLength: 20_000 },
  shape: { field: 'text', maxLength: 6000 },
  card: { field: 'title', maxLength: 500 },
  section: { field: 'title', maxLength: 500 },
  doc: { field: 'markdown', maxLength: 200_000 },
  code: { field: 'source', maxLength: 100_000 },
};

/** The field a double-click (or Enter) edits for items of `type`, or undefined. */
export function editableField(type: string): string | undefined {
  return fields[type]?.field;
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
  doc: Y.Doc;
  edits: BoardEdits;
  presence: Presence;
  peers: readonly Peer[];
  onDone: () => void;
  onError: (message: string) => void;
}

/**
 * A textarea over the item, writing every keystroke through the catalogue's patch (a minimal
 * splice of the item's Y.Text), so others see the text as it is typed and concurrent typing
 * merges. Changes by others land in the textarea with the caret kept in place; others' carets
 * in the same text are drawn (relative positions through awareness). Escape or a click
 * elsewhere ends editing.
 */
export function TextEditor({ item, doc, edits, presence, peers, onDone, onError }: TextEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState(0);
  const spec = fields[item.type];
  const field = spec?.field ?? '';
  const value = typeof item.data[field] === 'string' ? (item.data[field] as string) : '';
  const text = textOf(doc, item.id, field);

  const announce = () => {
    const el = ref.current;
    const t = textOf(doc, item.id, field);
    if (!el || !t) return;
    const at = (index: number) => Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(t, index));
    presence.setCaret({ item: item.id, field, anchor: at(el.selectionStart), head: at(el.selectionEnd) });
  };

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    el.value = value;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    announce();
    return () => presence.setCaret(null);
  }, [item.id]);

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

  // A field replaced as a whole (not spliced): follow it.
  useEffect(() => {
    const el = ref.current;
    if (el && el.value !== value) {
      const start = Math.min(el.selectionStart, value.length);
      el.value = value;
      el.setSelectionRange(start, start);
    }
  }, [value]);

  useLayoutEffect(() => {
    if (mirror.current && ref.current) mirror.current.scrollTop = ref.current.scrollTop;
  });

  if (!spec) return null;
  const isSection = item.type === 'section';
  const style: Record<string, string> = {
    left: `${item.x - item.width / 2}px`,
    top: isSection ? `${item.y - item.height / 2 - 34}px` : `${item.y - item.height / 2}px`,
    width: `${item.width}px`,
    height: isSection ? '32px' : `${item.height}px`,
  };
  if (item.type === 'text' && typeof item.data.fontSize === 'number') style.fontSize = `${item.data.fontSize}px`;
  if (item.type === 'sticky_note' && typeof item.data.color === 'string') style.background = item.data.color;
  const carets = remoteCarets(doc, text, item.id, field, peers);
  const shown = text?.toString() ?? value;
  let from = 0;
  return (
    <>
      <textarea
        ref={ref}
        class={`text-editor e-${item.type}`}
        data-editing={item.id}
        aria-label={`Text of the ${item.type.replace('_', ' ')}`}
        style={style}
        maxLength={spec.maxLength}
        spellcheck={true}
        onInput={(event) => {
          try {
            edits.setField(item.id, field, (event.target as HTMLTextAreaElement).value);
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
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          }
        }}
      />
      {carets.length > 0 && (
        <div ref={mirror} class={`text-editor caret-mirror e-${item.type}`} style={style} aria-hidden="true" data-scroll={scroll}>
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
