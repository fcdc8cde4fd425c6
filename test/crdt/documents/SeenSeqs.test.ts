import { describe, expect, it } from 'vitest';
import { SeenSeqs } from '../../../crdt/documents/SeenSeqs.js';

describe('the sequence numbers a copy holds', () => {
  it('advances over ranges in order, and over ranges that arrive out of order once the gap fills', () => {
    const seen = new SeenSeqs(4);
    seen.add(5, 6);
    expect(seen.upTo).toBe(6);
    seen.add(9, 10);
    seen.add(12, 12);
    expect(seen.upTo).toBe(6);
    seen.add(7, 8);
    expect(seen.upTo).toBe(10);
    seen.add(11, 11);
    expect(seen.upTo).toBe(12);
  });

  it('ignores what it holds already, and holds everything up to a number read from the store', () => {
    const seen = new SeenSeqs(10);
    seen.add(3, 7);
    expect(seen.upTo).toBe(10);
    seen.add(15, 20);
    seen.holdAllUpTo(13);
    expect(seen.upTo).toBe(13);
    seen.holdAllUpTo(14);
    expect(seen.upTo).toBe(20);
  });
});
