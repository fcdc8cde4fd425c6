import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRssParts, rssPartsOf } from '../../bench/realtime/rssParts.js';

/** Four mappings of a `/proc/<pid>/smaps`, abridged: two of the binary, the malloc heap, a library, two anonymous ones (one unnamed, one a thread stack). */
const smaps = `00400000-00b6f000 r--p 00000000 fe:00 260689                             /usr/bin/node
Size:               7612 kB
Rss:                6144 kB
Pss:                6144 kB
00b6f000-02a3d000 r-xp 0076f000 fe:00 260689                             /usr/bin/node
Size:              31544 kB
Rss:               30720 kB
VmFlags: rd ex mr mw me dw sd
05a1c000-0627d000 rw-p 00000000 00:00 0                                  [heap]
Size:               8580 kB
Rss:                8192 kB
7f0c10000000-7f0c12000000 rw-p 00000000 00:00 0 
Size:              32768 kB
Rss:               20480 kB
7f0c2a0b0000-7f0c2a1b0000 r-xp 00000000 fe:00 131075                     /usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30
Rss:                1024 kB
7ffd6a3a0000-7ffd6a3c1000 rw-p 00000000 00:00 0                          [stack]
Rss:                 512 kB
`;

describe("the bench's split of a server's RSS by kind of mapping", () => {
  it('adds each mapping to the binary, other files, the malloc heap or anonymous memory', () => {
    expect(rssPartsOf(smaps, '/usr/bin/node')).toEqual({ binaryMB: 36, otherFilesMB: 1, mallocHeapMB: 8, anonMB: 20.5 });
  });

  it('counts the pages of another executable as those of a file', () => {
    expect(rssPartsOf(smaps, '/usr/local/bin/node')).toEqual({ binaryMB: 0, otherFilesMB: 37, mallocHeapMB: 8, anonMB: 20.5 });
  });

  it("splits a live process's RSS into parts that add up to its total", () => {
    const parts = readRssParts('self');
    expect(parts).toBeDefined();
    const totalKb = [...readFileSync('/proc/self/smaps', 'utf8').matchAll(/^Rss:\s+(\d+) kB/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    const { binaryMB, otherFilesMB, mallocHeapMB, anonMB } = parts!;
    // Read a moment apart, and each part rounded to 0.1 MB.
    expect(Math.abs(binaryMB + otherFilesMB + mallocHeapMB + anonMB - totalKb / 1024)).toBeLessThan(5);
    expect(binaryMB).toBeGreaterThan(10);
    expect(anonMB).toBeGreaterThan(0);
  });

  it('answers undefined for a process that is gone', () => {
    expect(readRssParts(2 ** 22 + 1)).toBeUndefined();
  });
});
