import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpToolTable, withToolTable } from '../../../rest/mcp/mcpToolTable.js';
import { startTestServer } from '../../helpers/testServer.js';
import type { TestServer } from '../../helpers/testServer.js';
import { connectMcp } from './mcpClient.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t?.stop();
});

describe('docs/mcp.md', () => {
  it('holds the tool table the server generates (npm run docs:mcp)', () => {
    const doc = readFileSync('docs/mcp.md', 'utf8');
    expect(doc).toBe(withToolTable(doc, mcpToolTable(t.server.routes)));
  });

  it('lists every tool tools/list serves, with its scope', async () => {
    const ada = await t.createUser();
    const client = await connectMcp(t.url, ada.key);
    try {
      const doc = readFileSync('docs/mcp.md', 'utf8');
      const { tools } = await client.listTools();
      for (const tool of tools) expect(doc, tool.name).toMatch(new RegExp(`\\| \`${tool.name}\` \\|[^\\n]*\\| \`[a-z]+:(read|write)\` \\|`));
    } finally {
      await client.close();
    }
  });
});
