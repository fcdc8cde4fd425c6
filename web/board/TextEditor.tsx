import { useEffect, useRef } from 'preact/hooks';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import type { BoardEdits } from './edits.js';

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

/** The field a double-click edits for items of `type`, or undefined. */
export function editableField(type: string): string | undefined {
  return fields[type]?.field;
}

/**
 * A textarea over the item, writing every keystroke through the catalogue's patch (a minimal
 * splice of the item's Y.Text), so others see the text as it is typed. Escape or a click
 * elsewhere ends editing.
 */
export function TextEditor({ item, edits, onDone, onError }: { item: StoredItem; edits: BoardEdits; onDone: () => void; onError: (message: string) => void }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const spec = fields[item.type];
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [item.id]);
  if (!spec) return null;
  const value = typeof item.data[spec.field] === 'string' ? (item.data[spec.field] as string) : '';
  const isSection = item.type === 'section';
  const style: Record<string, string> = {
    left: `${item.x - item.width / 2}px`,
    top: isSection ? `${item.y - item.height / 2 - 34}px` : `${item.y - item.height / 2}px`,
    width: `${item.width}px`,
    height: isSection ? '32px' : `${item.height}px`,
  };
  if (item.type === 'text' && typeof item.data.fontSize === 'number') style.fontSize = `${item.data.fontSize}px`;
  if (item.type === 'sticky_note' && typeof item.data.color === 'string') style.background = item.data.color;
  return (
    <textarea
      ref={ref}
      class={`text-editor e-${item.type}`}
      data-editing={item.id}
      style={style}
      value={value}
      maxLength={spec.maxLength}
      spellcheck={true}
      onInput={(event) => {
        try {
          edits.setField(item.id, spec.field, (event.target as HTMLTextAreaElement).value);
        } catch (e) {
          onError(e instanceof Error ? e.message : String(e));
        }
      }}
      onBlur={onDone}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDone();
        }
      }}
    />
  );
}
