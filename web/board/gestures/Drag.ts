import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import type { WorldPoint } from '../freehand.js';
import type { View, WorldRect } from '../viewport.js';
import type { Handle } from './selectionBox.js';

/** What a pointer gesture on the canvas is doing, from pointer down to pointer up. */
export type Drag =
  | { kind: 'pan'; startX: number; startY: number; view: View }
  | { kind: 'pinch'; distance: number; midX: number; midY: number; view: View }
  | { kind: 'move'; startX: number; startY: number; origins: Map<string, { x: number; y: number }>; moved: boolean }
  | { kind: 'resize'; handle: Handle; bounds: WorldRect; items: StoredItem[] }
  | { kind: 'band'; start: WorldPoint; end: WorldPoint; base: ReadonlySet<string>; additive: boolean }
  | { kind: 'draw'; points: WorldPoint[] }
  | { kind: 'connect'; from: StoredItem; to: WorldPoint };
