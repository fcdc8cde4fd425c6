import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { shapeKindLabels } from './itemTools.js';

/**
 * The style properties the properties panel edits, and the data field each one is for every
 * item type that has it (per the catalogue's schemas). A selection shows the properties all of
 * its items share; a change writes that field of each.
 */
export const propertyFields = {
  fill: { sticky_note: 'color', shape: 'fillColor', section: 'color' },
  stroke: { shape: 'strokeColor', freehand: 'strokeColor', connector: 'color' },
  textColor: { text: 'color' },
  shape: { shape: 'shape' },
  fontSize: { text: 'fontSize' },
  align: { text: 'align' },
  strokeWidth: { shape: 'strokeWidth', freehand: 'strokeWidth' },
  lineStyle: { connector: 'style' },
  startArrow: { connector: 'startArrow' },
  endArrow: { connector: 'endArrow' },
} as const satisfies Record<string, Readonly<Record<string, string>>>;

/** One property of the panel. */
export type Property = keyof typeof propertyFields;

/** The colours offered, all `#rrggbb` as every colour field of the catalogue takes. */
export const palette: readonly { readonly value: string; readonly name: string }[] = [
  { value: '#fff9b1', name: 'Yellow' },
  { value: '#ffd8a8', name: 'Orange' },
  { value: '#ffc9c9', name: 'Pink' },
  { value: '#d0bfff', name: 'Violet' },
  { value: '#a5d8ff', name: 'Blue' },
  { value: '#b2f2bb', name: 'Green' },
  { value: '#f4f4f4', name: 'Light grey' },
  { value: '#ffffff', name: 'White' },
  { value: '#e03131', name: 'Red' },
  { value: '#2f9e44', name: 'Dark green' },
  { value: '#1971c2', name: 'Dark blue' },
  { value: '#1a1a1a', name: 'Black' },
];

/** The choices of each property that is not a colour, as value and name. */
export const choices = {
  shape: Object.entries(shapeKindLabels).map(([value, name]) => ({ value, name })),
  fontSize: [12, 16, 20, 24, 32, 48, 64, 96, 128].map((size) => ({ value: size, name: `${size}` })),
  align: [
    { value: 'left', name: 'Left' },
    { value: 'center', name: 'Centre' },
    { value: 'right', name: 'Right' },
  ],
  strokeWidth: [1, 2, 4, 8, 16].map((width) => ({ value: width, name: `${width}` })),
  lineStyle: [
    { value: 'straight', name: 'Straight' },
    { value: 'elbow', name: 'Elbow' },
    { value: 'curved', name: 'Curved' },
  ],
  arrow: [
    { value: 'none', name: 'None' },
    { value: 'arrow', name: 'Arrow' },
    { value: 'triangle', name: 'Triangle' },
    { value: 'circle', name: 'Circle' },
    { value: 'diamond', name: 'Diamond' },
  ],
} as const;

const fieldOf = (property: Property, type: string): string | undefined => (propertyFields[property] as Readonly<Record<string, string>>)[type];

/** The properties every one of `items` has, in the panel's order; none for an empty selection. */
export function sharedProperties(items: readonly StoredItem[]): Property[] {
  if (items.length === 0) return [];
  return (Object.keys(propertyFields) as Property[]).filter((property) => items.every((item) => fieldOf(property, item.type) !== undefined));
}

/** The value of `property` when all of `items` have the same one, else undefined. */
export function sharedValue(items: readonly StoredItem[], property: Property): unknown {
  let value: unknown;
  for (const [index, item] of items.entries()) {
    const field = fieldOf(property, item.type);
    const own = field === undefined ? undefined : item.data[field];
    if (index === 0) value = own;
    else if (own !== value) return undefined;
  }
  return value;
}

/** The data each item gets when `property` is set to `value`: its own field for that property. */
export function changesFor(items: readonly StoredItem[], property: Property, value: unknown): Map<string, Record<string, unknown>> {
  const changes = new Map<string, Record<string, unknown>>();
  for (const item of items) {
    const field = fieldOf(property, item.type);
    if (field !== undefined) changes.set(item.id, { [field]: value });
  }
  return changes;
}
