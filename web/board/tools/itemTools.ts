/**
 * What the toolbar can create, as data: each creation tool's item type, how it is placed and
 * the data a new item starts with (valid per the catalogue: its required fields filled, the
 * rest left to the catalogue's defaults). The toolbar, the canvas and the properties panel read
 * these lists; nothing here imports the catalogue, which loads after the board's first paint.
 */

/** The shape kinds of a `shape` item, in the catalogue's order, with their names. */
export const shapeKindLabels = {
  rectangle: 'Rectangle',
  round_rectangle: 'Rounded rectangle',
  ellipse: 'Ellipse',
  triangle: 'Triangle',
  diamond: 'Diamond',
  hexagon: 'Hexagon',
  star: 'Star',
  arrow: 'Arrow',
  cloud: 'Cloud',
  cylinder: 'Cylinder',
} as const;

/** One of the shape kinds the catalogue allows. */
export type ShapeKind = keyof typeof shapeKindLabels;

/** The shape kinds, in the catalogue's order. */
export const shapeKinds = Object.keys(shapeKindLabels) as ShapeKind[];

/** A tool that creates an item of one type. */
export type CreationToolId = 'sticky_note' | 'text' | `shape:${ShapeKind}` | 'card' | 'table' | 'doc' | 'code' | 'stamp' | 'section' | 'embed';

/** How a creation tool places its item: a click, a drag that gives its size, or a click that asks for a URL first. */
export type Placement = 'click' | 'drag' | 'link';

/** A creation tool as the toolbar lists it. */
export interface CreationTool {
  readonly id: CreationToolId;
  readonly type: string;
  readonly label: string;
  readonly title: string;
  readonly placement: Placement;
  /** On the bar itself, or in the "More" menu. */
  readonly group: 'bar' | 'more';
  readonly data: Readonly<Record<string, unknown>>;
}

const shapeTools: readonly CreationTool[] = shapeKinds.map((kind) => ({
  id: `shape:${kind}`,
  type: 'shape',
  label: shapeKindLabels[kind],
  title: `Click to add a ${shapeKindLabels[kind].toLowerCase()}`,
  placement: 'click',
  group: 'bar',
  data: { shape: kind, text: '' },
}));

/** Every creation tool: notes and text on the bar, shapes behind the shape picker, the rest in the "More" menu. */
export const creationTools: readonly CreationTool[] = [
  { id: 'sticky_note', type: 'sticky_note', label: 'Note', title: 'Click to add a sticky note', placement: 'click', group: 'bar', data: { text: '', color: '#fff9b1' } },
  { id: 'text', type: 'text', label: 'Text', title: 'Click to add text', placement: 'click', group: 'bar', data: { text: '', fontSize: 24 } },
  ...shapeTools,
  { id: 'card', type: 'card', label: 'Card', title: 'Click to add a task card', placement: 'click', group: 'more', data: { title: 'New card' } },
  {
    id: 'table',
    type: 'table',
    label: 'Table',
    title: 'Click to add a table of 3 by 3 cells',
    placement: 'click',
    group: 'more',
    data: {
      rows: [
        ['', '', ''],
        ['', '', ''],
        ['', '', ''],
      ],
    },
  },
  { id: 'doc', type: 'doc', label: 'Doc', title: 'Click to add a markdown doc', placement: 'click', group: 'more', data: { markdown: '' } },
  { id: 'code', type: 'code', label: 'Code block', title: 'Click to add a code block', placement: 'click', group: 'more', data: { language: 'text', source: '' } },
  { id: 'section', type: 'section', label: 'Frame', title: 'Drag to draw a frame', placement: 'drag', group: 'more', data: {} },
  { id: 'embed', type: 'embed', label: 'Link', title: 'Click where the link goes, then give its https URL', placement: 'link', group: 'more', data: {} },
  { id: 'stamp', type: 'stamp', label: 'Stamp', title: 'Pick a stamp, then click where it goes', placement: 'click', group: 'more', data: { emoji: '👍' } },
];

const byId = new Map<string, CreationTool>(creationTools.map((tool) => [tool.id, tool]));

/** The creation tool named `tool`, or undefined for the other tools (select, pen, connect, ...). */
export function creationTool(tool: string): CreationTool | undefined {
  return byId.get(tool);
}
