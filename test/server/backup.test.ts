import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectSyncClient } from '../content/helpers/syncClient.js';
import type { StreamRecord } from '../content/helpers/writeStream.js';
import { expectAcknowledgedWrites, readItems, streamWrites } from '../content/helpers/writeStream.js';
import type { SpawnedServer } from '../helpers/spawnServer.js';
import { createUserWithKey, runBoards, spawnBoardsServer } from '../helpers/spawnServer.js';
import { freePort, json } from '../helpers/testServer.js';

/**
 * `boards admin backup` and `boards admin restore` (README "Backups"): a backup taken while a
 * server serves a steady load of REST writes and live edits holds every write acknowledged
 * before the command started, and a server started on the restored folder serves them.
 */

const root = mkdtempSync(path.join(tmpdir(), 'boards-backup-cli-'));
const dataDir = path.join(root, 'data');
const env = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'warn', BOARDS_RATE_LIMIT_PER_MINUTE: '1000000' };
const running = new Set<SpawnedServer>();
let key = '';

async function start(dir: string): Promise<SpawnedServer> {
  const server = await spawnBoardsServer({ ...env, BOARDS_DATA_DIR: dir, BOARDS_LOG_LEVEL: 'info', BOARDS_PORT: String(await freePort()) });
  running.add(server);
  return server;
}

async function kill(server: SpawnedServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
  running.delete(server);
}

beforeAll(async () => {
  key = await createUserWithKey('backup@example.com', 'user:read boards:read boards:write', env);
}, 120_000);

afterAll(async () => {
  for (const server of [...running]) await kill(server);
  rmSync(root, { recursive: true, force: true });
});

/**
 * The stream as the backup must hold it: the writes acknowledged when the command started
 * (`ackedBefore` of them, and the client updates the probe saw before one of those), where an
 * item may also be at any position sent after that.
 */
function asOfBackupStart(record: StreamRecord, ackedBefore: number, coveredBefore: number): StreamRecord {
  const unanswered = new Map<string, { x: number; y: number }[]>();
  const later = [...record.acked.slice(ackedBefore), ...[...record.unanswered].flatMap(([id, positions]) => positions.map((position) => ({ id, position })))];
  for (const { id, position } of later) unanswered.set(id, [...(unanswered.get(id) ?? []), position]);
  return { ...record, acked: record.acked.slice(0, ackedBefore), unanswered, probeSeenCoveredByRestAck: coveredBefore };
}

describe('boards admin backup under load, then restore', () => {
  test('every write acknowledged before the backup started is served from the restored copy', async () => {
    const server = await start(dataDir);
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const boardId = (await json(fetch(`${server.url}/v1/boards`, { method: 'POST', headers, body: JSON.stringify({ title: 'Backed up' }) }))).id as string;
    const userId = (await json(fetch(`${server.url}/v1/me`, { headers }))).user.id as string;
    const writer = connectSyncClient(server.url, boardId, key);
    const probe = connectSyncClient(server.url, boardId, key);
    await Promise.all([writer.synced(), probe.synced()]);

    // Board records live in the database only (documents go through the journal too): created in a loop beside the stream.
    const boardsCreated: string[] = [];
    let creating = true;
    const boardLoop = (async () => {
      for (let i = 0; creating; i += 1) {
        try {
          const res = await fetch(`${server.url}/v1/boards`, { method: 'POST', headers, body: JSON.stringify({ title: `Board ${i}` }) });
          if (res.status !== 201) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
          boardsCreated.push((await json(res)).id as string);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
          creating = false;
        }
      }
    })();
    const file = path.join(root, 'under-load.bak');
    let backup: Promise<{ code: number; stdout: string; stderr: string }> | undefined;
    let atStart = { acked: 0, covered: 0, boards: 0 };
    let ackedWhenDone = 0;
    const stream = streamWrites({
      url: server.url,
      token: key,
      userId,
      boardId,
      writer,
      probe,
      prefix: 'live_',
      workers: 3,
      maxRequests: 100_000,
      onAck: (count, record) => {
        if (count !== 40) return;
        // Noted in the same turn as the command is spawned: nothing is acknowledged in between.
        atStart = { acked: record.acked.length, covered: record.probeSeenCoveredByRestAck, boards: boardsCreated.length };
        backup = runBoards(['admin', 'backup', '--to', file], env);
        void backup.then(() => (ackedWhenDone = record.acked.length));
      },
    });
    await expect.poll(() => backup !== undefined, { timeout: 60_000 }).toBe(true);
    const ran = await backup!;
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^Backed up \d+ boards( and \d+ journaled document updates?)? to .*under-load\.bak: [\d.]+ (bytes|KiB|MiB) in [\d.]+ s\.\n$/);
    // The load went on while the backup ran.
    expect(ackedWhenDone).toBeGreaterThan(atStart.acked);
    await kill(server);
    const record = await stream;
    creating = false;
    await boardLoop;
    writer.destroy();
    probe.destroy();

    const restoredDir = path.join(root, 'restored');
    const restored = await runBoards(['admin', 'restore', '--from', file, '--data-dir', restoredDir], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`into ${restoredDir}`);
    const copy = await start(restoredDir);
    const items = await readItems(copy.url, key, boardId);
    expect(atStart.boards).toBeGreaterThan(0);
    for (const id of boardsCreated.slice(0, atStart.boards)) expect((await fetch(`${copy.url}/v1/boards/${id}`, { headers })).status, `board ${id}`).toBe(200);
    const report = expectAcknowledgedWrites(asOfBackupStart(record, atStart.acked, atStart.covered), items);
    console.info(`backup under load: ${ackedWhenDone - atStart.acked} REST writes acked while it ran; as of its start: ${atStart.boards} boards created, all present; ${report}`);
    await kill(copy);
  }, 240_000);
});

describe('bad input: one clear line, exit code 1 (2 for usage), nothing written', () => {
  const backupFile = path.join(root, 'small.bak');

  beforeAll(async () => {
    const made = await runBoards(['admin', 'backup', '--to', backupFile], env);
    expect(made.code, made.stderr).toBe(0);
  }, 60_000);

  test.each([
    [['admin', 'backup'], '--to is required'],
    [['admin', 'restore', '--data-dir', 'x'], '--from is required'],
    [['admin', 'restore', '--from', 'x'], '--data-dir is required'],
    [['admin', 'backup', '--to'], 'argument missing'],
  ])('boards %j is a usage error (exit 2)', async (args, message) => {
    const run = await runBoards(args, env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  test('backup into a missing folder, or onto a file that exists', async () => {
    const missing = await runBoards(['admin', 'backup', '--to', path.join(root, 'nowhere', 'x.bak')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^boards: The folder of .*x\.bak does not exist/);
    expect(readdirSync(root)).not.toContain('nowhere');

    const taken = path.join(root, 'taken.bak');
    writeFileSync(taken, 'keep me');
    const onto = await runBoards(['admin', 'backup', '--to', taken], env);
    expect(onto.code).toBe(1);
    expect(onto.stderr).toContain('already exists');
    expect(readFileSync(taken, 'utf8')).toBe('keep me');
    expect(readdirSync(root).filter((name) => name.includes('partial'))).toEqual([]);
  });

  test('restore of a truncated, a damaged or a foreign file, or of one that is missing', async () => {
    const good = readFileSync(backupFile);
    const damaged = Buffer.from(good);
    const middle = Math.floor(good.byteLength / 2);
    damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
    const cases: [string, Buffer | null, RegExp][] = [
      ['truncated.bak', good.subarray(0, good.byteLength - 100), /is truncated/],
      ['damaged.bak', damaged, /is damaged: its SHA-256 checksum does not match/],
      ['foreign.bak', Buffer.from('PK\u0003\u0004 a zip, say'), /is not a Boards backup/],
      ['missing.bak', null, /Cannot read the backup .*ENOENT/],
    ];
    for (const [name, bytes, message] of cases) {
      const file = path.join(root, name);
      if (bytes !== null) writeFileSync(file, bytes);
      const target = path.join(root, `target-${name}`);
      const run = await runBoards(['admin', 'restore', '--from', file, '--data-dir', target], env);
      expect(run.code, name).toBe(1);
      expect(run.stderr.trim().split('\n'), name).toEqual([expect.stringMatching(message)]);
      expect(readdirSync(root), name).not.toContain(`target-${name}`);
    }
  });

  test('restore into a folder that is not empty, or that a running server uses', async () => {
    const notEmpty = path.join(root, 'not-empty');
    mkdirSync(notEmpty);
    writeFileSync(path.join(notEmpty, 'notes.txt'), 'mine');
    const run = await runBoards(['admin', 'restore', '--from', backupFile, '--data-dir', notEmpty], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is not empty');
    expect(readdirSync(notEmpty)).toEqual(['notes.txt']);

    const served = path.join(root, 'served');
    const server = await start(served);
    const before = readdirSync(served).sort();
    const inUse = await runBoards(['admin', 'restore', '--from', backupFile, '--data-dir', served], env);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(/is in use by a running Boards server \(process \d+\)/);
    expect(readdirSync(served).sort()).toEqual(before);
    await kill(server);
  }, 60_000);

  test('with BOARDS_STORAGE=mongodb both refuse and point at the README', async () => {
    const mongo = { ...env, BOARDS_STORAGE: 'mongodb', BOARDS_MONGODB_URL: 'mongodb://127.0.0.1:9/boards' };
    for (const args of [
      ['admin', 'backup', '--to', path.join(root, 'mongo.bak')],
      ['admin', 'restore', '--from', backupFile, '--data-dir', path.join(root, 'mongo-target')],
    ]) {
      const run = await runBoards(args, mongo);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/mongodump --oplog.*"Backups" section of README\.md/);
    }
    expect(readdirSync(root).filter((name) => name.startsWith('mongo'))).toEqual([]);
  });
});
