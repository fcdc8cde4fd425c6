import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Copies a live data folder as a crash of its process would leave it: the database, its WAL and
 * the journal as the kernel holds them now, without the process's memory. The copy opens like
 * a folder after `kill -9`; remove it with the returned function.
 */
export function crashCopy(dataDir: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'boards-crash-copy-'));
  // The lock belongs to the live process; the copy's next opener takes its own.
  cpSync(dataDir, dir, { recursive: true, filter: (source) => path.basename(source) !== 'lock.sqlite' });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
