import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

/** Starts the built durable floor (`dist/bench/content/rawServer.js`) and resolves with its base URL. */
function startFloor(): Promise<string> {
  const started = spawn(process.execPath, [path.resolve('dist', 'bench', 'content', 'rawServer.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  child = started;
  return new Promise((resolve, reject) => {
    started.once('exit', () => reject(new Error('the durable floor exited')));
    started.stdout.once('data', (c: Buffer) => resolve(`http://127.0.0.1:${(JSON.parse(c.toString()) as { port: number }).port}`));
  });
}

describe('the durable floor of bench:batches', () => {
  it('answers a batch with its own Server-Timing, so its server time sits beside ours', async () => {
    const base = await startFloor();
    const load = await fetch(`${base}/floor/load`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: Y.encodeStateAsUpdate(new Y.Doc()) });
    expect(load.status).toBe(200);
    const operations = [{ op: 'create', type: 'sticky_note', position: { x: 1, y: 2 }, data: { text: 'floor' } }];
    const res = await fetch(`${base}/floor/batch`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ operations }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d{2}$/);
    expect(((await res.json()) as { results: unknown[] }).results).toEqual([expect.objectContaining({ type: 'sticky_note', position: { x: 1, y: 2 }, data: { text: 'floor' } })]);
  });
});
