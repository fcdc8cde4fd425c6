import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Answer = { status: number; type: string; body: Record<string, unknown> };

/**
 * Runs a fresh server (compiled `dist/`, built by the test setup) in a process of its own, asks it
 * with `node:http` (a `fetch` would load what is looked for) for readiness, health, a created
 * board, a list and a missing board, and reports the answers and whether Node's fetch
 * implementation (undici) was loaded meanwhile.
 */
function answersAndUndici(): { undici: boolean; answers: Answer[] } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-json-'));
  const script = `
    import http from 'node:http';
    const { loadConfig } = await import('./dist/server/config.js');
    const { startServer } = await import('./dist/server/main.js');
    const config = loadConfig({ BOARDS_HOST: '127.0.0.1', BOARDS_PORT: '0', BOARDS_LOG_LEVEL: 'silent', BOARDS_DATA_DIR: process.env.JSON_DATA_DIR });
    const server = await startServer(config);
    const { user } = await server.services.accounts.createUser({ email: 'json@example.com', plan: 'basic' });
    const { secret } = await server.services.apiKeys.create({ userId: user.id, scopes: 'boards:read boards:write' });
    const ask = (method, url, body) => new Promise((resolve, reject) => {
      const request = http.request(server.url + url, { method, headers: { authorization: 'Bearer ' + secret, 'content-type': 'application/json' } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => { text += chunk; });
        response.on('end', () => resolve({ status: response.statusCode, type: response.headers['content-type'], body: JSON.parse(text) }));
      });
      request.on('error', reject);
      request.end(body);
    });
    const answers = [
      await ask('GET', '/readyz'),
      await ask('GET', '/healthz'),
      await ask('POST', '/v1/boards', JSON.stringify({ title: 'Plan' })),
      await ask('GET', '/v1/boards'),
      await ask('GET', '/v1/boards/brd_00000000000000000000'),
    ];
    const undici = process.moduleLoadList.some((name) => name.includes('undici'));
    await server.close();
    process.stdout.write(JSON.stringify({ undici, answers }));
  `;
  try {
    return JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, JSON_DATA_DIR: dataDir } }),
    ) as { undici: boolean; answers: Answer[] };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('JSON answers', () => {
  it('are the same JSON, and answering them never loads the fetch implementation (undici) into the server', () => {
    const { undici, answers } = answersAndUndici();
    const [ready, health, created, list, missing] = answers;
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', storage: 'sqlite' } });
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(created).toMatchObject({ status: 201, body: { title: 'Plan' } });
    expect(list?.status).toBe(200);
    expect((list?.body.data as { id: string }[]).map((board) => board.id)).toEqual([created?.body.id]);
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(typeof missing?.body.requestId).toBe('string');
    for (const answer of answers) expect(answer.type).toBe('application/json; charset=utf-8');
    expect(undici).toBe(false);
  });
});
