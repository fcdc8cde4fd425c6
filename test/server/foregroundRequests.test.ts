import { describe, expect, it } from 'vitest';
import { ForegroundRequests } from '../../server/ForegroundRequests.js';

/** Background work that can wait gives way to the requests being handled (issue 54: webhooks off the write path). */
describe('ForegroundRequests.quiet', () => {
  it('lets background work go at once while no request is being handled', async () => {
    const foreground = new ForegroundRequests(60_000);
    let ran = false;
    await foreground.quiet().then(() => (ran = true));
    expect(ran).toBe(true);
  });

  it('holds it while a request is handled and lets the waiters go one per turn once none is', async () => {
    // Steps far longer than the test: only the end of the request lets the waiters go.
    const foreground = new ForegroundRequests(60_000);
    foreground.begin();
    const order: string[] = [];
    const first = foreground.quiet().then(() => order.push('first'));
    const second = foreground.quiet().then(() => order.push('second'));
    // Turns go by while the request is handled: nothing is let go.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    foreground.end();
    await first;
    // A request that starts between the two turns goes first again.
    foreground.begin();
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['first']);
    foreground.end();
    await second;
    expect(order).toEqual(['first', 'second']);
    expect(foreground.handling).toBe(0);
  });

  it('lets one waiter go per step while requests never pause', async () => {
    const foreground = new ForegroundRequests(5);
    foreground.begin();
    const order: string[] = [];
    await Promise.all([foreground.quiet().then(() => order.push('a')), foreground.quiet().then(() => order.push('b'))]);
    expect(order).toEqual(['a', 'b']);
    expect(foreground.handling).toBe(1);
  });
});
