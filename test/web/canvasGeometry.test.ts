import { describe, expect, test } from 'vitest';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import { itemsInRect, rectBetween, scaleItems, selectionBounds } from '../../web/board/gestures/selectionBox.js';
import { shiftIndex } from '../../web/board/textDelta.js';
import { fitRect, maxZoom, minZoom, wheelZoomFactor, zoomAbout } from '../../web/board/viewport.js';

function item(id: string, type: string, x: number, y: number, width: number, height: number): StoredItem {
  return { id, type, x, y, width, height, rotation: 0, z: id, data: {}, createdBy: 'u', createdAtMs: 0, updatedBy: 'u', updatedAtMs: 0, locked: false };
}

describe('canvas geometry', () => {
  test('a wheel notch zooms by 10 %, small trackpad deltas in proportion, and no event by more than a notch', () => {
    expect(wheelZoomFactor(-100, 0)).toBeCloseTo(1.1, 10);
    expect(wheelZoomFactor(100, 0)).toBeCloseTo(1 / 1.1, 10);
    expect(wheelZoomFactor(-5, 0)).toBeCloseTo(1.1 ** 0.05, 10);
    expect(wheelZoomFactor(-2000, 0)).toBeCloseTo(1.1, 10);
    expect(wheelZoomFactor(-1, 1)).toBeCloseTo(1.1 ** 0.33, 10);
    expect(wheelZoomFactor(-4, 1)).toBeCloseTo(1.1, 10);
    const far = { x: 0, y: 0, zoom: maxZoom };
    expect(zoomAbout(far, 1.1, 10, 10).zoom).toBe(maxZoom);
    expect(zoomAbout({ x: 0, y: 0, zoom: minZoom }, 1 / 1.1, 10, 10).zoom).toBe(minZoom);
    expect(maxZoom).toBe(8);
  });

  test('fitting a rectangle centres it and keeps within the zoom asked for', () => {
    const view = fitRect({ left: 0, top: 0, right: 100, bottom: 50 }, 1000, 500, 8);
    expect(view.zoom).toBeCloseTo((500 - 120) / 50, 10);
    expect(view.x + 50 * view.zoom).toBeCloseTo(500, 10);
    expect(view.y + 25 * view.zoom).toBeCloseTo(250, 10);
    expect(fitRect({ left: 0, top: 0, right: 100, bottom: 50 }, 1000, 500).zoom).toBe(1);
  });

  test('the rubber band takes the items inside or crossing it, and nothing else', () => {
    const items = [item('a', 'sticky_note', 0, 0, 100, 100), item('b', 'sticky_note', 200, 0, 100, 100), item('c', 'sticky_note', 500, 500, 100, 100)];
    expect(itemsInRect(items, rectBetween({ x: 260, y: 40 }, { x: -10, y: -10 }))).toEqual(['a', 'b']);
    expect(itemsInRect(items, rectBetween({ x: 60, y: 60 }, { x: 140, y: 140 }))).toEqual([]);
  });

  test('a handle scales the selection about the opposite edge; pins and connectors keep their size; the box never turns inside out', () => {
    const items = [item('a', 'sticky_note', -150, 0, 100, 100), item('b', 'sticky_note', 150, 0, 100, 100), item('p', 'comment', 0, 0, 32, 32)];
    const bounds = selectionBounds(items)!;
    expect(bounds).toEqual({ left: -200, top: -50, right: 200, bottom: 50 });
    const corner = scaleItems(items, bounds, 'se', { x: 400, y: 150 });
    expect(Object.fromEntries(corner)).toEqual({ a: { x: -125, y: 50, width: 150, height: 200 }, b: { x: 325, y: 50, width: 150, height: 200 } });
    const west = scaleItems(items, bounds, 'w', { x: 0, y: 999 });
    expect(west.get('a')).toEqual({ x: 25, y: 0, width: 50, height: 100 });
    expect(west.get('b')).toEqual({ x: 175, y: 0, width: 50, height: 100 });
    const flipped = scaleItems(items, bounds, 'e', { x: -1000, y: 0 });
    expect(flipped.get('b')!.width).toBeGreaterThan(0);
    expect(flipped.get('b')!.x).toBeGreaterThanOrEqual(-200);
  });

  test("a caret keeps its place in the text when others insert or delete before or after it", () => {
    expect(shiftIndex(5, [{ retain: 2 }, { insert: 'abc' }])).toBe(8);
    expect(shiftIndex(5, [{ retain: 5 }, { insert: 'abc' }])).toBe(5);
    expect(shiftIndex(5, [{ retain: 7 }, { insert: 'abc' }])).toBe(5);
    expect(shiftIndex(5, [{ retain: 1 }, { delete: 2 }])).toBe(3);
    expect(shiftIndex(5, [{ retain: 3 }, { delete: 10 }])).toBe(3);
  });
});
