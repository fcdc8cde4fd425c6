import { createRequire } from 'node:module';

/** Gives the pages the C allocator holds free back to the system: true when it released some, false when none were free, null where there is nothing to call. */
export type MallocTrim = () => boolean | null;

let loaded: MallocTrim | null | undefined;

/**
 * glibc's `malloc_trim(0)`, from the optional `boards-malloc-trim` addon (built by node-gyp when
 * the project is installed, as better-sqlite3 is), or null when the addon is not there (not built,
 * or a platform without it). Loaded on first use, once: an idle server that never unloads its
 * last board never loads it.
 *
 * Why it is worth a native call: memory that malloc has freed (socket buffers, SQLite's page
 * caches once shrunk, what a collection's finalizers released) goes back to the system only from
 * the top of the main heap; pages freed in the middle of an arena, or in a worker thread's arena,
 * stay resident until `malloc_trim` walks the arenas and releases them.
 */
export function loadMallocTrim(): MallocTrim | null {
  if (loaded !== undefined) return loaded;
  try {
    const addon = createRequire(import.meta.url)('boards-malloc-trim') as { trim?: unknown };
    loaded = typeof addon.trim === 'function' ? (addon.trim as MallocTrim) : null;
  } catch {
    loaded = null;
  }
  return loaded;
}
