import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecentMap } from '../../server/RecentMap.js';

describe('RecentMap', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops an entry neither read nor set for two periods, and keeps one that is used', () => {
    const map = new RecentMap<string, number>(1_000);
    map.set('quiet', 1).set('busy', 2);
    vi.advanceTimersByTime(1_000);
    // Old now, still there: one period unused is not enough.
    expect(map.get('quiet')).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(map.get('busy')).toBeUndefined();
    expect(map.get('quiet')).toBe(1);
    vi.advanceTimersByTime(1_000);
    map.set('busy', 3);
    expect(map.size).toBe(2);
    // Unused since it was last read two periods ago.
    vi.advanceTimersByTime(1_000);
    expect(map.size).toBe(1);
    expect(map.get('quiet')).toBeUndefined();
    vi.advanceTimersByTime(2_000);
    expect(map.size).toBe(0);
  });

  it('runs its timer only while it holds something', () => {
    const map = new RecentMap<string, string>(500);
    expect(vi.getTimerCount()).toBe(0);
    map.set('a', 'x');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(map.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    map.set('b', 'y');
    expect(vi.getTimerCount()).toBe(1);
  });

  it('deletes from either generation, keeps a value set again young, and tells a stored null from a missing key', () => {
    const map = new RecentMap<string, number | null>(1_000);
    map.set('a', 1).set('n', null);
    vi.advanceTimersByTime(1_000);
    expect(map.delete('a')).toBe(true);
    expect(map.delete('a')).toBe(false);
    expect(map.get('n')).toBeNull();
    map.set('b', 1);
    vi.advanceTimersByTime(1_000);
    map.set('b', 2);
    vi.advanceTimersByTime(1_000);
    expect(map.get('b')).toBe(2);
    expect(map.size).toBe(1);
  });
});
