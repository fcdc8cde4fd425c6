#!/usr/bin/env node
// Regenerates client/schema.d.ts from the OpenAPI document of the built server (npm run build
// first): starts it on a free port with a throw-away data folder, reads /v1/openapi.json, and
// writes the openapi-typescript output.
/* global fetch */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const { loadConfig } = await import('../dist/server/config.js');
const { startServer } = await import('../dist/server/main.js');
const { generateClientTypes } = await import('../dist/client/generate.js');

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-client-'));
const server = await startServer(loadConfig({ BOARDS_PORT: '0', BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'warn', BOARDS_LOG_FORMAT: 'json' }));
try {
  const openApi = await (await fetch(`${server.url}/v1/openapi.json`)).json();
  writeFileSync(path.join('client', 'schema.d.ts'), await generateClientTypes(openApi));
  process.stdout.write('Wrote client/schema.d.ts\n');
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
