import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own client, connected over Streamable HTTP to `<url>/mcp` with a bearer token. */
export async function connectMcp(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'boards-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool and returns its result as the SDK gives it. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The structured answer of a successful tool call; throws with the error envelope otherwise. */
export async function toolData<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await callTool(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent as T;
}

/** The error envelope of a refused tool call (`isError`); fails when the call succeeded. */
export async function toolError(client: Client, name: string, args: Record<string, unknown>): Promise<{ code: string; message: string; docsUrl: string; field?: string; requiredScope?: string }> {
  const result = await callTool(client, name, args);
  if (!result.isError) throw new Error(`${name} was expected to fail: ${JSON.stringify(result.structuredContent)}`);
  const envelope = result.structuredContent as { error: { code: string; message: string; docsUrl: string } };
  return envelope.error;
}
