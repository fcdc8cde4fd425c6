import { describe, expect, it } from 'vitest';
import { newId } from '../../storage/ids.js';
import { TimeOrderedIds } from '../../storage/TimeOrderedIds.js';

describe('newId', () => {
  it('gives `<prefix>_` and 20 hex digits, never the same twice, across many refills of its random pool', () => {
    const ids = Array.from({ length: 5000 }, () => newId('itm'));
    for (const id of ids) expect(id).toMatch(/^itm_[0-9a-f]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Each hex digit is drawn evenly: in 100,000 digits every one of the 16 appears about 6,250 times.
    const counts = new Map<string, number>();
    for (const id of ids) for (const digit of id.slice(4)) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    expect(counts.size).toBe(16);
    for (const count of counts.values()) expect(count).toBeGreaterThan(5500);
  });
});

describe('TimeOrderedIds', () => {
  it('sorts in creation order within one millisecond and ends in 10 random hex digits, never the same twice, across refills of the shared pool', () => {
    const ids = new TimeOrderedIds('lic_');
    const made = Array.from({ length: 3000 }, (_, i) => ids.next(1_000 + Math.floor(i / 1000)));
    for (const id of made) expect(id).toMatch(/^lic_[0-9a-z]{9}[0-9a-z]{5}[0-9a-f]{10}$/);
    expect([...made].sort()).toEqual(made);
    expect(new Set(made.map((id) => id.slice(-10))).size).toBe(made.length);
  });
});
