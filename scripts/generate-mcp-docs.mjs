#!/usr/bin/env node
// Rewrites the tool table of docs/mcp.md from the built server (npm run build first): starts it
// with a throw-away data folder and renders the tools /mcp serves over its operations.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const { loadConfig } = await import('../dist/server/config.js');
const { startServer } = await import('../dist/server/main.js');
const { mcpToolTable, withToolTable } = await import('../dist/rest/mcp/mcpToolTable.js');

const file = path.join('docs', 'mcp.md');
const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-mcp-docs-'));
const server = await startServer(loadConfig({ BOARDS_PORT: '0', BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'warn', BOARDS_LOG_FORMAT: 'json' }));
try {
  writeFileSync(file, withToolTable(readFileSync(file, 'utf8'), mcpToolTable(server.routes)));
  process.stdout.write(`Wrote the tool table of ${file}\n`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
