import { describe, expect, it } from 'vitest';
import { newId } from '../../storage/ids.js';

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
