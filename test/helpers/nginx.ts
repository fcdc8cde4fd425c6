import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { freePort } from './testServer.js';

/** Debian's nginx, which the multi-process cluster tests put in front of the servers. */
export const nginxPath = '/usr/sbin/nginx';

/** Why nginx cannot be started here, or null when it can. */
export const nginxMissing: string | null = existsSync(nginxPath) ? null : `nginx is not installed (apt-get install nginx: ${nginxPath} is started with a configuration of its own, no system service)`;

/** An nginx on 127.0.0.1 in front of server processes; every answer names the upstream that served it in `X-Upstream`. */
export interface TestNginx {
  /** `http://127.0.0.1:<port>`: round robin over every upstream. */
  readonly url: string;
  /** `http://127.0.0.1:<port>`: the first upstream while it answers, the others only as backups. */
  readonly pinnedUrl: string;
  stop(): Promise<void>;
}

/**
 * The configuration: one upstream group balanced, one with the first server as primary; WebSocket
 * upgrades proxied. One process (no master, no workers) so that stopping it leaves nothing behind.
 */
function config(dir: string, upstreams: string[], port: number, pinnedPort: number): string {
  // A dead upstream is retried after a second, so a restarted process is back in the rotation soon.
  const server = (address: string, backup = false): string => `server ${address} max_fails=1 fail_timeout=1s${backup ? ' backup' : ''};`;
  const location = (upstream: string): string => `
    location / {
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_read_timeout 1h;
      proxy_buffering off;
      add_header X-Upstream $upstream_addr always;
    }`;
  const temp = (name: string): string => path.join(dir, 'temp', name);
  return `
daemon off;
master_process off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream boards { ${upstreams.map((address) => server(address)).join(' ')} }
  upstream boards_pinned { ${upstreams.map((address, index) => server(address, index > 0)).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    ${location('boards')}
  }
  server {
    listen 127.0.0.1:${pinnedPort};
    ${location('boards_pinned')}
  }
}
`;
}

/** The two loopback ports an nginx will listen on, chosen before the servers behind it start (their public URL names it). */
export async function nginxPorts(): Promise<{ port: number; pinnedPort: number }> {
  return { port: await freePort(), pinnedPort: await freePort() };
}

/**
 * Starts `nginx -c <file> -p <dir>` in the foreground in front of `upstreams` (`127.0.0.1:<port>`
 * each, already listening: a refused connection takes an upstream out of rotation for a second)
 * and waits until it answers.
 */
export async function startNginx(upstreams: string[], ports: { port: number; pinnedPort: number }): Promise<TestNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'boards-nginx-'));
  mkdirSync(path.join(dir, 'temp'));
  const { port, pinnedPort } = ports;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config(dir, upstreams, port, pinnedPort));
  const child: ChildProcess = spawn(nginxPath, ['-c', file, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A worker that dies without its afterAll must not leave nginx running.
  process.once('exit', () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}`;
  const pinnedUrl = `http://127.0.0.1:${pinnedPort}`;
  try {
    await vi.waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
      for (const address of [url, pinnedUrl]) expect((await fetch(`${address}/healthz`)).status).toBe(200);
    }, { timeout: 15_000, interval: 50 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pinnedUrl, stop };
}
