import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { spawnLocalNginx, writeLocalNginxConfig } from '../../scripts/localNginx.mjs';
import type { LocalNginxFiles } from '../../scripts/localNginx.mjs';
import { describeCluster, startCluster } from '../helpers/cluster.js';
import type { TestCluster } from '../helpers/cluster.js';
import { apiRequest } from '../helpers/spawnServer.js';
import { freePort, json } from '../helpers/testServer.js';
import { sticky } from '../content/helpers.js';
import { clientItemIds, connectSyncClient } from '../content/helpers/syncClient.js';

/**
 * deploy/nginx.conf itself (only its upstream addresses, listen address and access log path
 * rewritten) in front of three `boards start` processes on one PostgreSQL and one Redis: the
 * requests and live sockets of one board go to one process, boards spread over the processes,
 * and a board whose process stopped is served by another.
 */

const names = ['a', 'b', 'c'] as const;

/** One line of the access log: the request line, its status, the board it was about and the process that served it. */
interface Served {
  request: string;
  status: number;
  board: string;
  upstream: string;
}

describeCluster('deploy/nginx.conf in front of three processes', () => {
  let cluster: TestCluster;
  let dir: string;
  let files: LocalNginxFiles;
  let nginx: ChildProcess | undefined;
  let url: string;

  /** What nginx logged so far (a line is written when a request, or a socket, ends). */
  const served = (): Served[] => {
    if (!existsSync(files.accessLog)) return [];
    return readFileSync(files.accessLog, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const match = /"([^"]*)" (\d+) \d+ board=(\S*) upstream=(.*?) time=/.exec(line);
        if (match === null) throw new Error(`An access log line of another format: ${line}`);
        return { request: match[1] ?? '', status: Number(match[2]), board: match[3] ?? '', upstream: match[4] ?? '' };
      });
  };
  const upstreamsOf = (boardId: string): Set<string> => new Set(served().filter((line) => line.board === boardId).map((line) => line.upstream));
  const processName = (upstream: string): string => {
    const name = names.find((candidate) => cluster.direct(candidate) === `http://${upstream}`);
    if (name === undefined) throw new Error(`No process listens at ${upstream}`);
    return name;
  };
  /** A REST write, two reads and a live socket that syncs, all for `boardId` through nginx; resolves once the socket's line is logged. */
  const useBoard = async (boardId: string): Promise<void> => {
    const created = await apiRequest(url, cluster.key, 'POST', `/boards/${boardId}/items`, sticky('through nginx'));
    expect(created.status).toBe(201);
    const itemId = (await json(created)).id as string;
    expect((await apiRequest(url, cluster.key, 'GET', `/boards/${boardId}`)).status).toBe(200);
    expect((await apiRequest(url, cluster.key, 'GET', `/boards/${boardId}/items?limit=200`)).status).toBe(200);
    const client = connectSyncClient(url, boardId, cluster.key);
    try {
      await client.synced();
      expect(clientItemIds(client.doc)).toContain(itemId);
    } finally {
      client.destroy();
    }
    await vi.waitFor(() => expect(served().some((line) => line.board === boardId && line.request.startsWith('GET /v1/sync/'))).toBe(true), { timeout: 15_000 });
  };

  beforeAll(async () => {
    cluster = await startCluster(names);
    dir = mkdtempSync(path.join(tmpdir(), 'boards-deploy-nginx-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    files = writeLocalNginxConfig(dir, { upstreams: names.map((name) => cluster.direct(name).replace('http://', '')), port });
    const started = spawnLocalNginx(dir, files);
    nginx = started;
    await vi.waitFor(async () => {
      if (started.exitCode !== null) throw new Error(`nginx exited with ${started.exitCode}: ${existsSync(files.errorLog) ? readFileSync(files.errorLog, 'utf8') : ''}`);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    }, { timeout: 15_000, interval: 50 });
  });

  afterAll(async () => {
    if (nginx !== undefined && nginx.exitCode === null) {
      const exited = new Promise<void>((resolve) => nginx?.once('exit', () => resolve()));
      nginx.kill('SIGKILL');
      await exited;
    }
    await cluster?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('sends the REST calls and the live socket of one board to one process', async () => {
    const boardId = await cluster.newBoard('Affinity');
    await useBoard(boardId);
    const lines = served().filter((line) => line.board === boardId);
    // The write, the reads and the socket (101, logged when it closed) were all logged with the board.
    expect(lines.map((line) => line.request.split(' ')[0])).toEqual(expect.arrayContaining(['POST', 'GET']));
    expect(lines.some((line) => line.status === 101)).toBe(true);
    expect(upstreamsOf(boardId).size).toBe(1);
  });

  it('spreads different boards over the processes, and balances requests about no board', async () => {
    const boards = await Promise.all(Array.from({ length: 12 }, (_, i) => cluster.newBoard(`Spread ${i}`)));
    for (const boardId of boards) {
      for (let i = 0; i < 2; i += 1) expect((await apiRequest(url, cluster.key, 'GET', `/boards/${boardId}`)).status).toBe(200);
    }
    // nginx logs a request once it has answered it.
    await vi.waitFor(() => expect(served().filter((line) => boards.includes(line.board))).toHaveLength(2 * boards.length));
    const perBoard = boards.map((boardId) => [...upstreamsOf(boardId)]);
    for (const upstreams of perBoard) expect(upstreams).toHaveLength(1);
    expect(new Set(perBoard.flat()).size).toBeGreaterThanOrEqual(2);
    // No board in the URL: round robin, so six of them reach more than one process.
    const before = served().length;
    for (let i = 0; i < 6; i += 1) expect((await apiRequest(url, cluster.key, 'GET', '/me')).status).toBe(200);
    const unboardedLines = (): Served[] => served().slice(before).filter((line) => line.request.startsWith('GET /v1/me'));
    await vi.waitFor(() => expect(unboardedLines()).toHaveLength(6));
    const unboarded = unboardedLines();
    expect(unboarded.every((line) => line.board === '')).toBe(true);
    expect(new Set(unboarded.map((line) => line.upstream)).size).toBeGreaterThanOrEqual(2);
  });

  it('serves a board from another process once its process stopped, and keeps it there', async () => {
    const boardId = await cluster.newBoard('Hand-over');
    await useBoard(boardId);
    const [first] = [...upstreamsOf(boardId)];
    if (first === undefined) throw new Error('The board was served by no process.');
    await cluster.terminate(processName(first));
    const before = served().length;
    await useBoard(boardId);
    const after = served()
      .slice(before)
      .filter((line) => line.board === boardId);
    // Every request of the board went to one other process: refused by the stopped one, it was passed on, never answered 502.
    expect(after.every((line) => line.status < 500)).toBe(true);
    const landed = new Set(after.map((line) => line.upstream.split(', ').at(-1)));
    expect(landed.size).toBe(1);
    expect(landed.has(first)).toBe(false);
  });
});
