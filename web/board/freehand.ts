/** A point in board units. */
export interface WorldPoint {
  readonly x: number;
  readonly y: number;
}

/** Most points a stroke keeps: the catalogue's limit for `freehand.points`. */
export const maxStrokePoints = 5000;

/** Pen colour and width of strokes drawn on the canvas. */
export const penStyle = { strokeColor: '#1a1a1a', strokeWidth: 4 } as const;

/** The create body of a `freehand` item, as `POST /boards/{id}/items` takes it. */
export interface StrokeBody {
  readonly type: 'freehand';
  readonly position: WorldPoint;
  readonly size: { readonly width: number; readonly height: number };
  readonly data: { readonly points: [number, number][]; readonly strokeColor: string; readonly strokeWidth: number };
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The `freehand` item for a stroke drawn through `points` (board units): centred on the
 * stroke's bounding box, sized to it, with points relative to the centre as the catalogue wants
 * them; a stroke of more points than the catalogue allows keeps every n-th one and the last.
 * Undefined for fewer than two distinct points (a click, not a stroke).
 */
export function strokeItem(points: readonly WorldPoint[]): StrokeBody | undefined {
  const step = Math.ceil(points.length / maxStrokePoints);
  const kept = step <= 1 ? points : points.filter((_, i) => i % step === 0 || i === points.length - 1).slice(-maxStrokePoints);
  if (kept.length < 2) return undefined;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const p of kept) {
    left = Math.min(left, p.x);
    top = Math.min(top, p.y);
    right = Math.max(right, p.x);
    bottom = Math.max(bottom, p.y);
  }
  if (right - left < 1 && bottom - top < 1) return undefined;
  const centre = { x: round((left + right) / 2), y: round((top + bottom) / 2) };
  return {
    type: 'freehand',
    position: centre,
    size: { width: Math.max(1, Math.ceil(right - left)), height: Math.max(1, Math.ceil(bottom - top)) },
    data: { points: kept.map((p) => [round(p.x - centre.x), round(p.y - centre.y)]), ...penStyle },
  };
}
