import { closeSync, mkdtempSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSync } from '../../storage/sqlite/FileSync.js';
import { WalSync } from '../../storage/sqlite/WalSync.js';

const dirs: string[] = [];
function databaseFile(withWal = true): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'walsync-'));
  dirs.push(dir);
  const file = path.join(dir, 'boards.sqlite');
  if (withWal) writeFileSync(`${file}-wal`, 'frames');
  return file;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('WalSync', () => {
  it('does not fsync when nothing was written', async () => {
    const sync = new WalSync(databaseFile(), 60_000);
    await sync.request();
    expect(sync.fsyncs).toBe(0);
    await sync.close();
  });

  it('serves every request of one turn with one fsync, and fsyncs again only after a new write', async () => {
    const sync = new WalSync(databaseFile(), 60_000);
    sync.written();
    await Promise.all([sync.request(), sync.request(), sync.request()]);
    expect(sync.fsyncs).toBe(1);
    await sync.request();
    expect(sync.fsyncs).toBe(1);
    sync.written();
    await sync.request();
    expect(sync.fsyncs).toBe(2);
    await sync.close();
  });

  it('fsyncs a write on its own within the delay when nobody asks', async () => {
    const sync = new WalSync(databaseFile(), 10);
    sync.written();
    sync.written();
    await until(() => sync.fsyncs > 0);
    expect(sync.fsyncs).toBe(1);
    await sync.close();
  });

  it('fsyncs what is pending on close', async () => {
    const sync = new WalSync(databaseFile(), 60_000);
    sync.written();
    await sync.close();
    expect(sync.fsyncs).toBe(1);
  });

  it('gives a write made while an fsync is in flight an fsync of its own; earlier callers do not wait for it', async () => {
    const sync = new WalSync(databaseFile(), 60_000);
    sync.written();
    const first = sync.request();
    // Let the first fsync start (it is dispatched on the next turn).
    await new Promise((resolve) => setImmediate(resolve));
    const alreadyCovered = sync.request();
    sync.written();
    const second = sync.request();
    await Promise.all([first, alreadyCovered]);
    expect(sync.fsyncs).toBe(1);
    await second;
    expect(sync.fsyncs).toBe(2);
    await sync.close();
  });

  it('stops scheduling fsyncs once closed', async () => {
    const sync = new WalSync(databaseFile(), 5);
    await sync.close();
    sync.written();
    await sync.request();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sync.fsyncs).toBe(0);
  });

  it('reopens the WAL file when it was replaced', async () => {
    const file = databaseFile();
    const sync = new WalSync(file, 60_000);
    sync.written();
    await sync.request();
    writeFileSync(`${file}-new`, 'other frames');
    renameSync(`${file}-new`, `${file}-wal`);
    sync.written();
    await sync.request();
    expect(sync.fsyncs).toBe(2);
    await sync.close();
  });

  it('has nothing to fsync when there is no WAL file (everything was checkpointed)', async () => {
    const sync = new WalSync(databaseFile(false), 60_000);
    sync.written();
    await sync.request();
    expect(sync.fsyncs).toBe(0);
    await sync.close();
  });
});

describe('FileSync over several descriptors', () => {
  it('fsyncs every descriptor of a round, reports them synced only when all succeeded, and retries after a failure', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'filesync-'));
    dirs.push(dir);
    const a = openSync(path.join(dir, 'a'), 'w');
    const b = openSync(path.join(dir, 'b'), 'w');
    const broken = openSync(path.join(dir, 'c'), 'w');
    closeSync(broken);
    let fds = [a, broken, b];
    const synced: (readonly number[])[] = [];
    const errors: Error[] = [];
    const sync = new FileSync({ fds: () => fds, synced: (done) => void synced.push(done), close: () => undefined }, 60_000, (error) => void errors.push(error));
    sync.written();
    await expect(sync.request()).rejects.toMatchObject({ code: 'EBADF' });
    expect(synced).toEqual([]);
    expect(sync.fsyncs).toBe(0);
    // The failed round's writes are not promised: the next request fsyncs again.
    fds = [a, b];
    await sync.request();
    expect(synced).toEqual([[a, b]]);
    expect(sync.fsyncs).toBe(1);
    await sync.close();
    expect(errors).toEqual([]);
    closeSync(a);
    closeSync(b);
  });
});
