import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.js';
import type { RunningServer, StartOptions } from '../../server/main.js';
import { startServer } from '../../server/main.js';
import type { PlanName } from '../../server/accounts/plans.js';
import { ManualClock } from '../../storage/index.js';

/** A person made for a test, with a key holding the scopes asked for. */
export interface TestUser {
  id: string;
  email: string;
  workspaceId: string;
  key: string;
}

/** A real server on 127.0.0.1 with a fresh data folder, a manual clock and captured logs. */
export interface TestServer {
  server: RunningServer;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `<url>/v1` */
  baseUrl: string;
  clock: ManualClock;
  dataDir: string;
  /** Every log line written so far. */
  logs: string[];
  /** Creates a person (and workspace) with an API key. */
  createUser(options?: { email?: string; name?: string; plan?: PlanName; scopes?: string }): Promise<TestUser>;
  /** `fetch` against the API with a bearer token; JSON bodies are serialised. */
  api(token: string | null, method: string, pathname: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1, so the public URL can name it before the server starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let userCounter = 0;

/** Starts a test server; `env` overrides configuration variables. */
export async function startTestServer(
  options: { env?: Record<string, string>; clock?: ManualClock; start?: StartOptions; dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'boards-data-'));
  const port = await freePort();
  const config = loadConfig({
    BOARDS_HOST: '127.0.0.1',
    BOARDS_PORT: String(port),
    BOARDS_PUBLIC_URL: `http://127.0.0.1:${port}`,
    BOARDS_DATA_DIR: dataDir,
    BOARDS_LOG_LEVEL: 'info',
    BOARDS_SHUTDOWN_GRACE_MS: '2000',
    BOARDS_CHECK_RESPONSES: 'true',
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock(Date.now());
  const logs: string[] = [];
  const server = await startServer(config, {
    clock,
    logDestination: { write: (line: string) => void logs.push(line) },
    ...options.start,
  });
  const url = server.url;
  const baseUrl = `${url}/v1`;
  return {
    server,
    url,
    baseUrl,
    clock,
    dataDir,
    logs,
    async createUser(o = {}) {
      userCounter += 1;
      const email = o.email ?? `person${userCounter}.${Date.now()}@example.com`;
      const { user, workspace } = await server.services.accounts.createUser({
        email,
        ...(o.name ? { name: o.name } : {}),
        plan: o.plan ?? 'basic',
      });
      const { secret } = await server.services.apiKeys.create({
        userId: user.id,
        scopes: o.scopes ?? 'user:read user:write boards:read boards:write ai:write skills:read skills:write',
      });
      return { id: user.id, email: user.email, workspaceId: workspace.id, key: secret };
    },
    api(token, method, pathname, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (token) (init.headers as Record<string, string>).Authorization = `Bearer ${token}`;
      if (body !== undefined) {
        (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
      }
      return fetch(`${baseUrl}${pathname}`, init);
    },
    async stop() {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts the error envelope shape and returns its body. */
export async function expectEnvelope(
  response: Response,
  status: number,
  code: string,
): Promise<{ error: { code: string; message: string; docsUrl: string; field?: string }; requestId: string }> {
  const body = (await response.json()) as {
    error: { code: string; message: string; docsUrl: string; field?: string };
    requestId: string;
  };
  if (response.status !== status || body.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.status} ${JSON.stringify(body)}`);
  }
  if (!/^req_[0-9a-f]+$/.test(body.requestId) || response.headers.get('request-id') !== body.requestId) {
    throw new Error(`bad request id: ${body.requestId} / ${response.headers.get('request-id')}`);
  }
  if (!body.error.docsUrl.endsWith(`/docs/errors/${code}`) || typeof body.error.message !== 'string') {
    throw new Error(`bad envelope: ${JSON.stringify(body)}`);
  }
  return body;
}

/** A JSON response body as tests read it: loosely typed, checked by the assertions themselves. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

/** The JSON body of a response (or of a pending one). */
export async function json(response: Response | Promise<Response>): Promise<Body> {
  return (await response).json();
}
