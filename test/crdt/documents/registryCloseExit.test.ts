import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The compiled modules (the suites' global set-up builds `dist/`). */
const dist = (file: string): string => new URL(`../../../dist/${file}`, import.meta.url).href;
const root = fileURLToPath(new URL('../../../', import.meta.url));

// A process that holds nothing but a registry: a board large enough to be folded in the snapshot
// process, then closed. The idle snapshot process is unreferenced; the close must still wait for
// it to exit rather than let the event loop end under an unsettled await (exit code 13).
const script = `
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as Y from 'yjs';
const { openDatabase } = await import(${JSON.stringify(dist('storage/index.js'))});
const { DocumentRegistry } = await import(${JSON.stringify(dist('crdt/documents/DocumentRegistry.js'))});
const dir = mkdtempSync(path.join(tmpdir(), 'boards-close-'));
const seed = await openDatabase({ kind: 'sqlite', dataDir: dir });
const doc = new Y.Doc();
const updates = [];
doc.on('update', (u) => updates.push(u));
for (let i = 0; i < 10000; i++) { const m = new Y.Map(); m.set('text', 'note ' + i); m.set('x', i); doc.getMap('items').set('i' + i, m); }
for (let i = 0; i < updates.length; i += 100) await seed.documents.append('b1', updates.slice(i, i + 100));
await seed.close();
const db = await openDatabase({ kind: 'sqlite', dataDir: dir });
const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
const loaded = await registry.open('b1');
process.stdout.write('items ' + loaded.getMap('items').size + '\\n');
await registry.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
process.stdout.write('closed\\n');
`;

describe('closing the document registry', () => {
  it('waits for the idle snapshot process to exit, even when nothing else holds the process', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('items 10000\nclosed\n');
    expect(run.status).toBe(0);
  }, 150_000);
});
