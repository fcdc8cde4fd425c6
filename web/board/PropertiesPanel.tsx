import { useState } from 'preact/hooks';
import type * as Y from 'yjs';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import type { BoardEdits } from './edits.js';
import { lockTarget } from './lock/itemLocks.js';
import { LockToggle } from './lock/LockToggle.js';
import { changesFor, choices, palette, sharedProperties, sharedValue } from './tools/properties.js';
import type { Property } from './tools/properties.js';

/** What the properties panel styles and writes through. */
export interface PropertiesPanelProps {
  /** The selected items (those still on the board). */
  readonly items: readonly StoredItem[];
  readonly edits: BoardEdits;
  readonly undo: Y.UndoManager | null;
  readonly onError: (message: string) => void;
}

const colourLabels: Partial<Record<Property, string>> = { fill: 'Fill', stroke: 'Line colour', textColor: 'Text colour' };
const selectLabels: Partial<Record<Property, { label: string; options: readonly { value: string | number; name: string }[] }>> = {
  shape: { label: 'Shape', options: choices.shape },
  fontSize: { label: 'Text size', options: choices.fontSize },
  strokeWidth: { label: 'Line width', options: choices.strokeWidth },
  lineStyle: { label: 'Line style', options: choices.lineStyle },
  startArrow: { label: 'Start arrowhead', options: choices.arrow },
  endArrow: { label: 'End arrowhead', options: choices.arrow },
};

/** Narrow screens start with the panel folded, so it does not cover the board. */
const narrow = () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 640px)').matches;

/**
 * The style of the selection, docked at the right of the canvas: fill, line and text colours
 * from a palette, shape kind, text size and alignment, line width, connector style and
 * arrowheads — only the properties every selected unlocked item has — and the lock. A change is written to all of
 * them through the catalogue's patch in one transaction: one undo step, and nothing written
 * unless every item accepts it. Mounted for editors only; folds to its title on phones.
 */
export function PropertiesPanel({ items: selected, edits, undo, onError }: PropertiesPanelProps) {
  const [open, setOpen] = useState(() => !narrow());
  // Locked items keep their style: the rows style the others, the lock row is for all of them.
  const items = selected.filter((item) => !item.locked);
  const properties = sharedProperties(items);
  // A single comment pin opens its thread in this place; the menu and Ctrl/⌘+Shift+L still lock it.
  if (selected.length === 0 || (selected.length === 1 && selected[0]?.type === 'comment')) return null;

  const step = (write: () => void) => {
    try {
      undo?.stopCapturing();
      write();
      undo?.stopCapturing();
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
  };
  const apply = (property: Property, value: unknown) => step(() => edits.patchData(changesFor(items, property, value)));

  const row = (property: Property) => {
    const value = sharedValue(items, property);
    const colour = colourLabels[property];
    if (colour !== undefined) {
      return (
        <div key={property} class="prop" role="group" aria-label={colour} data-prop={property}>
          <span class="prop-label">{colour}</span>
          <div class="swatches">
            {palette.map((c) => (
              <button key={c.value} type="button" class="swatch" aria-label={c.name} title={c.name} aria-pressed={value === c.value} data-color={c.value} style={{ background: c.value }} onClick={() => apply(property, c.value)} />
            ))}
          </div>
        </div>
      );
    }
    if (property === 'align') {
      return (
        <div key={property} class="prop" role="group" aria-label="Alignment" data-prop={property}>
          <span class="prop-label">Alignment</span>
          <div class="segmented">
            {choices.align.map((c) => (
              <button key={c.value} type="button" aria-pressed={value === c.value} data-value={c.value} onClick={() => apply(property, c.value)}>
                {c.name}
              </button>
            ))}
          </div>
        </div>
      );
    }
    const select = selectLabels[property];
    if (select === undefined) return null;
    const known = select.options.some((o) => o.value === value);
    return (
      <label key={property} class="prop" data-prop={property}>
        <span class="prop-label">{select.label}</span>
        <select
          name={property}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => {
            const raw = (event.target as HTMLSelectElement).value;
            const option = select.options.find((o) => String(o.value) === raw);
            if (option) apply(property, option.value);
          }}
        >
          {value === undefined && <option value="">Mixed</option>}
          {!known && value !== undefined && <option value={String(value)}>{String(value)}</option>}
          {select.options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
    );
  };

  return (
    <section class={open ? 'props' : 'props folded'} aria-label="Properties" data-props={selected.length}>
      <div class="props-head">
        <h2>{selected.length === 1 ? 'Style' : `Style of ${selected.length} items`}</h2>
        <button type="button" class="props-toggle" aria-expanded={open} aria-controls="props-body" aria-label={open ? 'Fold the properties' : 'Show the properties'} onClick={() => setOpen(!open)}>
          {open ? '▴' : '▾'}
        </button>
      </div>
      {open && (
        <div id="props-body" class="props-body">
          {properties.map(row)}
          <LockToggle items={selected} onToggle={() => step(() => edits.setLocked(selected.map((item) => item.id), lockTarget(selected)))} />
        </div>
      )}
    </section>
  );
}
