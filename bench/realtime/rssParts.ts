import { readFileSync, readlinkSync } from 'node:fs';

/**
 * A process's resident memory by kind of mapping, in MB: the pages of its executable (the
 * `node` binary: the same for every Node server, about 34 MB even for an empty script), of other
 * files (shared libraries, native addons), of the main `malloc` heap (`[heap]`: C++ allocations
 * of Node, SQLite and the addons), and the other anonymous memory (V8's heap, thread stacks and
 * large `malloc` blocks). They add up to the process's RSS.
 */
export interface RssParts {
  binaryMB: number;
  otherFilesMB: number;
  mallocHeapMB: number;
  anonMB: number;
}

/** The `Rss:` of each mapping of a `/proc/<pid>/smaps` text, summed by kind (`RssParts`); `executable` is the path `/proc/<pid>/exe` links to. */
export function rssPartsOf(smaps: string, executable: string): RssParts {
  const kb = { binary: 0, otherFiles: 0, mallocHeap: 0, anon: 0 };
  let kind: keyof typeof kb = 'anon';
  for (const line of smaps.split('\n')) {
    // A mapping's header: address range, permissions, offset, device, inode, then the path (if any).
    const header = /^[0-9a-f]+-[0-9a-f]+\s+\S+\s+\S+\s+\S+\s+\d+\s*(.*)$/.exec(line);
    if (header) {
      const name = (header[1] ?? '').trim();
      kind = name === executable ? 'binary' : name === '[heap]' ? 'mallocHeap' : name.startsWith('/') ? 'otherFiles' : 'anon';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kb[kind] += Number(rss[1]);
  }
  const mb = (value: number): number => Math.round((value / 1024) * 10) / 10;
  return { binaryMB: mb(kb.binary), otherFilesMB: mb(kb.otherFiles), mallocHeapMB: mb(kb.mallocHeap), anonMB: mb(kb.anon) };
}

/** `rssPartsOf` for a live process; undefined once it is gone (or its maps cannot be read). */
export function readRssParts(pid: number | 'self'): RssParts | undefined {
  try {
    return rssPartsOf(readFileSync(`/proc/${pid}/smaps`, 'utf8'), readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return undefined;
  }
}
