import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { freePort } from '../helpers/testServer.js';

/** The first ```sh block after `heading` in the README. */
function shBlockAfter(heading: string): string {
  const text = readFileSync(path.resolve('README.md'), 'utf8');
  const start = text.indexOf(heading);
  if (start < 0) throw new Error(`README.md has no "${heading}"`);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(start));
  if (!block?.[1]) throw new Error(`README.md has no sh block after "${heading}"`);
  return block[1];
}

/** The README's commands pointed at `port` instead of 8080 (the only change made to them). */
function onPort(script: string, port: number): string {
  const out = script.replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`).replaceAll('port 8080', `port ${port}`);
  if (out.includes('8080')) throw new Error('the README names port 8080 in a way this test does not point elsewhere');
  return out;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * Runs `script` with bash in the repository, in a process group of its own (the server it
 * starts in the background is part of it), with a fresh data folder; answers its output and
 * stops the whole group.
 */
async function runScript(script: string, port: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-readme-'));
  // A curl configuration that ends each answer with a newline, so consecutive answers are lines of their own.
  writeFileSync(path.join(dataDir, '.curlrc'), '-w "\\n"\n');
  const child = spawn('bash', ['-c', script], {
    cwd: path.resolve('.'),
    detached: true,
    env: { ...process.env, CURL_HOME: dataDir, BOARDS_DATA_DIR: dataDir, BOARDS_PORT: String(port), BOARDS_HOST: '127.0.0.1', BOARDS_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group has already gone.
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

/** The lines of `stdout` that are JSON objects, parsed. */
function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

describe("the README's shell examples", { timeout: 180_000 }, () => {
  test('First API call, the AI assistant and Skills run as written: /me, a board from the board id, a mind map, the skills list and a skill applied', async () => {
    const port = await freePort();
    // Then the board id the examples extracted, and that board, to check it.
    const script = [shBlockAfter('## First API call'), shBlockAfter('### The AI assistant'), shBlockAfter('### Skills')]
      .map((block) => onPort(block, port))
      .join('');
    const run = await runScript(`${script}\necho "BOARD=$BOARD"\ncurl -s -H "Authorization: Bearer $KEY" http://127.0.0.1:${port}/v1/boards/$BOARD\n`, port);
    const answers = jsonLines(run.stdout);
    const [me, generated, skills, applied, board] = answers.filter((a) => !('level' in a));
    expect(run.stderr).not.toContain('No answer on port');
    expect(me).toMatchObject({ user: { email: 'ada@example.com' } });
    expect(generated).toMatchObject({ provider: 'builtin' });
    expect((generated?.items as unknown[]).length).toBeGreaterThan(0);
    expect(skills).not.toHaveProperty('error');
    expect((skills?.data as { id: string }[]).map((s) => s.id)).toContain('skl_pub_retrospective');
    expect(applied).not.toHaveProperty('error');
    expect((applied?.items as unknown[]).length).toBeGreaterThan(0);
    // The id taken from the create answer is the board's, not that of its creator.
    const boardId = /BOARD=(\S*)/.exec(run.stdout)?.[1] ?? '';
    expect(boardId).toMatch(/^brd_/);
    expect(board).toMatchObject({ id: boardId, title: 'Launch' });
  });

  test('the wait for /healthz gives up with a message when the server does not start (its port is taken)', async () => {
    const port = await freePort();
    const squatter: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => squatter.close());
    // The wait shortened from 100 tries to 3, so the test does not take 30 s; everything else as written.
    const block = onPort(shBlockAfter('## First API call'), port).replace('$(seq 100)', '$(seq 3)');
    expect(block).toContain('$(seq 3)');
    const run = await runScript(block, port);
    expect(run.stderr).toContain(`No answer on port ${port} after 30 s`);
    expect(run.stderr).toContain('BOARDS_PORT');
  });
});
