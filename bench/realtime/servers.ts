import path from 'node:path';
import { startOurs } from './oursServer.js';
import { peersDir } from './paths.js';
import type { TrackedProcess } from './processes.js';
import { spawnTracked } from './processes.js';
import type { RunningServer, ServerName, StartOptions } from './serverKit.js';
import { freePort, freshDataDir, packageVersion, serverCore, stopGracefully } from './serverKit.js';
import type { Target } from './target.js';
import { waitUntil } from './target.js';

/** Starts `name` pinned to the server core with persistence on, and waits until it accepts connections. */
export async function startServer(name: ServerName, options: StartOptions = {}): Promise<RunningServer> {
  if (name === 'ours') return startOurs(options);
  const dataDir = options.dataDir ?? freshDataDir(name);
  const port = options.port ?? (await freePort());
  const cwd = peersDir();
  let proc: TrackedProcess;
  let version: string;
  let dialect: Target['dialect'] = 'y-websocket';
  if (name === 'hocuspocus') {
    proc = spawnTracked(process.execPath, ['hocuspocus.mjs'], { cwd, core: serverCore, env: { PORT: String(port), HP_DB: path.join(dataDir, 'hocuspocus.sqlite') } });
    options.spawned?.(proc.pid);
    version = packageVersion('@hocuspocus/server');
    dialect = 'hocuspocus';
    await proc.waitFor((e) => typeof e.port === 'number', 15_000);
  } else if (name === 'yws') {
    const env = { HOST: '127.0.0.1', PORT: String(port), YPERSISTENCE: path.join(dataDir, 'leveldb') };
    proc = spawnTracked(process.execPath, ['--import', './yws-reads.mjs', 'node_modules/@y/websocket-server/src/server.js'], { cwd, core: serverCore, env });
    options.spawned?.(proc.pid);
    version = packageVersion('@y/websocket-server');
    await proc.waitForLine((line) => line.startsWith('running at'), 15_000);
  } else {
    proc = spawnTracked(process.execPath, ['relay.mjs'], { cwd, core: serverCore, env: { PORT: String(port) } });
    options.spawned?.(proc.pid);
    version = `ws ${packageVersion('ws')}`;
    dialect = 'relay';
    await proc.waitFor((e) => typeof e.port === 'number', 15_000);
  }
  let boardSeq = 0;
  const server: RunningServer = {
    name,
    version,
    pid: proc.pid,
    dataDir,
    target: { dialect, wsBase: `ws://127.0.0.1:${port}`, token: name === 'hocuspocus' ? 'bench' : '' },
    createBoards: async (count) => Array.from({ length: count }, () => `board-${process.pid}-${++boardSeq}`),
    storageReads: () => {
      const last = [...proc.events].reverse().find((e) => typeof e.storageReads === 'number');
      return name === 'relay' ? null : typeof last?.storageReads === 'number' ? last.storageReads : 0;
    },
    kill: () => proc.kill(),
    stop: () => stopGracefully(proc),
    restart: (spawned) => startServer(name, { dataDir, port, ...(spawned === undefined ? {} : { spawned }) }),
  };
  if (name === 'hocuspocus') {
    server.batchClient = async () => ({
      async run(board, items) {
        const started = performance.now();
        const batches = (): number => proc.events.filter((e) => typeof e.batchMs === 'number').length;
        const before = batches();
        proc.send(JSON.stringify({ cmd: 'batch', doc: board, items }));
        if (!(await waitUntil(() => batches() > before, 30_000))) throw new Error('hocuspocus.mjs: no batch result within 30 s');
        return { ms: performance.now() - started, calls: 1 };
      },
      close: async () => undefined,
    });
  }
  return server;
}

