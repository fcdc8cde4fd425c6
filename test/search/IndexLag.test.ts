import { describe, expect, test } from 'vitest';
import { IndexLag } from '../../server/search/IndexLag.js';

describe('IndexLag', () => {
  test('a change is pending until a reindex that started after it ends well', () => {
    const lag = new IndexLag();
    expect(lag.read()).toEqual({ pendingBoards: 0, oldestChangeSeconds: 0 });
    lag.changed('brd_a');
    lag.changed('brd_b');
    expect(lag.read().pendingBoards).toBe(2);
    lag.started('brd_a');
    expect(lag.read().pendingBoards).toBe(2);
    // A change while the reindex runs waits for the next one.
    lag.changed('brd_a');
    lag.finished('brd_a', true);
    expect(lag.read().pendingBoards).toBe(2);
    lag.started('brd_a');
    lag.finished('brd_a', true);
    lag.started('brd_b');
    lag.finished('brd_b', true);
    expect(lag.read()).toEqual({ pendingBoards: 0, oldestChangeSeconds: 0 });
  });

  test('a failed reindex leaves the change pending with its first time, so the lag keeps growing', async () => {
    const lag = new IndexLag();
    lag.changed('brd_a');
    lag.started('brd_a');
    lag.finished('brd_a', false);
    const first = lag.read();
    expect(first.pendingBoards).toBe(1);
    await expect.poll(() => lag.read().oldestChangeSeconds).toBeGreaterThan(first.oldestChangeSeconds);
    lag.changed('brd_a');
    expect(lag.read().oldestChangeSeconds).toBeGreaterThanOrEqual(first.oldestChangeSeconds);
    lag.forget('brd_a');
    expect(lag.read().pendingBoards).toBe(0);
  });
});
