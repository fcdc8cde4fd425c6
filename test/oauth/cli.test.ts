import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../server/cli.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-cli-oauth-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  vi.stubEnv('BOARDS_DATA_DIR', dataDir);
  vi.stubEnv('BOARDS_LOG_LEVEL', 'silent');
  try {
    return { code: await main(args), stdout };
  } finally {
    write.mockRestore();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  }
}

describe('boards admin create-app', () => {
  test('registers a confidential and a public app and prints their credentials', async () => {
    expect((await run(['admin', 'create-user', '--email', 'dev@example.com'])).code).toBe(0);
    const confidential = await run([
      'admin', 'create-app', '--email', 'dev@example.com', '--name', 'Sync', '--redirect-uri', 'https://sync.example.com/cb',
      '--scopes', 'user:read boards:read', '--accept-terms',
    ]);
    expect(confidential.code).toBe(0);
    expect(confidential.stdout).toMatch(/client_id: app_[0-9a-f]+/);
    expect(confidential.stdout).toMatch(/client_secret: bds_cs_[A-Za-z0-9_-]{43}/);
    const publicApp = await run([
      'admin', 'create-app', '--email', 'dev@example.com', '--name', 'CLI', '--redirect-uri', 'http://127.0.0.1:8765/cb',
      '--scopes', 'boards:read', '--public', '--accept-terms',
    ]);
    expect(publicApp.stdout).toContain('No client secret');
  });

  test('refuses to register without accepting the developer terms', async () => {
    const refused = await run(['admin', 'create-app', '--email', 'dev@example.com', '--name', 'X', '--redirect-uri', 'https://x.example/cb', '--scopes', 'user:read']);
    expect(refused.code).toBe(2);
  });
});
