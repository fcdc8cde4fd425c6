import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { describeStall, stallRecorder } from '../../bench/content/stallCauses.js';

const onLinux = process.platform === 'linux';

/** Runs `stall` between two ticks of a recorder (period 0, threshold 20 ms) and explains it. */
async function explain(stall: () => void) {
  const recorder = stallRecorder(20, 0);
  recorder.start();
  recorder.tick();
  stall();
  recorder.tick();
  // V8's collections reach the observer after the code that ran them.
  await sleep(50);
  const causes = recorder.causes(5);
  expect(causes).toHaveLength(1);
  return causes[0]!;
}

describe.skipIf(!onLinux)('the bench probe explains a late tick', () => {
  it('time on the CPU: a busy loop', async () => {
    const cause = await explain(() => {
      const until = performance.now() + 100;
      while (performance.now() < until);
    });
    expect(cause.intervalMs).toBeGreaterThanOrEqual(100);
    // On a loaded machine part of it can be a wait for the core; none of it is off the CPU.
    expect(cause.cpuMs + cause.runDelayMs).toBeGreaterThan(cause.intervalMs * 0.9);
    expect(cause.offCpuMs).toBeLessThan(10);
    expect(cause.gcMs).toBeLessThan(cause.intervalMs / 2);
    expect(describeStall(cause)).toMatch(/ms late at .* on the CPU \(GC .*waiting for the core.* off the CPU$/);
  });

  it('time off the CPU: a blocking wait', async () => {
    const cause = await explain(() => {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    });
    expect(cause.offCpuMs).toBeGreaterThan(80);
    expect(cause.cpuMs).toBeLessThan(20);
  });

  it('a full collection of a large heap is counted as GC, and major', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const retained = Array.from({ length: 1_500_000 }, (_, i) => ({ i, next: { i } }));
    const cause = await explain(() => gc());
    expect(retained.length).toBe(1_500_000);
    expect(cause.gcMajorMs).toBeGreaterThan(5);
    expect(cause.gcMs).toBeGreaterThanOrEqual(cause.gcMajorMs);
    expect(cause.gcMs).toBeLessThanOrEqual(cause.intervalMs + 1);
  });

  it('a tick on time is not a stall', () => {
    const recorder = stallRecorder(20, 0);
    recorder.start();
    recorder.tick();
    recorder.tick();
    expect(recorder.causes(5)).toEqual([]);
  });
});
