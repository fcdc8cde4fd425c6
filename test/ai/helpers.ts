import { expect } from 'vitest';

interface Placed {
  id: string;
  type: string;
  position: { x: number; y: number };
  size: { width: number; height: number };
  sectionId?: string | null;
}

/** Asserts that no two items overlap, except connectors (lines) and items inside a section that contains them. */
export function expectNoOverlap(items: readonly Placed[]): void {
  const boxes = items.filter((i) => i.type !== 'connector');
  const inside = (inner: Placed, outer: Placed): boolean =>
    outer.type === 'section' &&
    Math.abs(inner.position.x - outer.position.x) <= outer.size.width / 2 &&
    Math.abs(inner.position.y - outer.position.y) <= outer.size.height / 2;
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (!a || !b || inside(a, b) || inside(b, a)) continue;
      const overlap =
        Math.abs(a.position.x - b.position.x) * 2 < a.size.width + b.size.width &&
        Math.abs(a.position.y - b.position.y) * 2 < a.size.height + b.size.height;
      expect(overlap, `${a.type} ${a.id} overlaps ${b.type} ${b.id}`).toBe(false);
    }
  }
}
