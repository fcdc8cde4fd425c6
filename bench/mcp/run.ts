import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBoard, seedBoard } from '../content/restBench.js';
import { createBenchUser, startBoards } from '../content/serverProcess.js';
import { measureMcpCreates, renderMcpCreates } from './mcpCreates.js';

/**
 * `npm run bench:mcp [-- --items N --calls M]`: only the MCP section of `npm run bench`, on a
 * board seeded with N items (default 10,000): M REST creates and M `tools/call create_item`.
 */
const usage = 'usage: npm run bench:mcp [-- --items <count> --calls <count>]\n';
let values: { items: string; calls: string };
try {
  ({ values } = parseArgs({ options: { items: { type: 'string', default: '10000' }, calls: { type: 'string', default: '100' } }, strict: true }));
} catch (error) {
  process.stderr.write(`bench: ${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const items = Number(values.items);
const calls = Number(values.calls);
if (!Number.isInteger(items) || items < 0 || !Number.isInteger(calls) || calls < 1) {
  process.stderr.write(usage);
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-bench-mcp-'));
try {
  const key = await createBenchUser(dataDir);
  const server = await startBoards({ dataDir });
  try {
    const boardId = await createBoard(server.url, key, `Bench ${items}`);
    const api = { url: server.url, key, boardId };
    process.stderr.write(`[bench] seeding ${items} items\n`);
    await seedBoard(api, items);
    await server.whenQuiet();
    process.stdout.write(`${renderMcpCreates(await measureMcpCreates(api, calls), items)}\n`);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
