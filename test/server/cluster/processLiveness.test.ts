import { describe, expect, it } from 'vitest';
import { ProcessLiveness } from '../../../server/cluster/ProcessLiveness.js';
import { LocalLeaseService, ManualClock } from '../../../storage/index.js';

describe('ProcessLiveness', () => {
  it('takes its lease again at once when the bus says Redis came back, without waiting for the next renewal', async () => {
    const clock = new ManualClock();
    const leases = new LocalLeaseService(clock);
    const listeners: (() => void)[] = [];
    const liveness = new ProcessLiveness(leases, 'p1', () => undefined);
    await liveness.start((listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    });
    expect(await leases.isHeld('process:p1')).toBe(true);
    // Lost as a Redis restarted empty loses it (here: past its TTL, with no renewal in between).
    clock.advance(60_000);
    expect(await leases.isHeld('process:p1')).toBe(false);
    for (const listener of listeners) listener();
    await expect.poll(() => leases.isHeld('process:p1')).toBe(true);
    await liveness.stop();
    expect(listeners).toEqual([]);
    expect(await leases.isHeld('process:p1')).toBe(false);
  });
});
