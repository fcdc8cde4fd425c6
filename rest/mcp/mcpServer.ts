import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode as RpcErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { errorStatus } from '../errorStatus.js';
import { boardResourceTemplates, listBoardResources, readBoardResource } from './boardResources.js';
import type { McpCall } from './McpCall.js';
import type { McpTool } from './McpTool.js';
import { unknownTool } from './McpToolRegistry.js';
import type { McpToolRegistry } from './McpToolRegistry.js';
import { requireScope } from '../../server/auth/requireScope.js';
import { getSkillPrompt, listSkillPrompts } from './skillPrompts.js';

/** JSON-RPC code of a resource that does not exist (MCP "Resources", error handling). */
const resourceNotFound = -32002;

/** `error` as a JSON-RPC error (resources and prompts have no tool-error result): the `/v1` envelope in `data`. */
function rpcError(call: McpCall, error: unknown): McpError {
  const envelope = call.envelope(error);
  const { code } = envelope.error;
  const rpcCode = code === 'not_found' ? resourceNotFound : errorStatus[code] >= 500 ? RpcErrorCode.InternalError : RpcErrorCode.InvalidParams;
  return new McpError(rpcCode, envelope.error.message, envelope);
}

/** The name and version the server gives in `initialize`. */
export const mcpServerInfo = { name: 'boards', title: 'Boards', version: '2026-10-01' } as const;

const instructions =
  'Boards are collaborative whiteboards. Find a board with list_boards or search, read it with get_board_outline (item ids included), ' +
  'then act on items with create_item, update_item, delete_item or batch_items (up to 100 operations at once). ' +
  'get_item_type tells what `data` each item type takes.';

/** A tool as `tools/list` shows it. */
export function toolListing(tool: McpTool): Tool {
  return {
    name: tool.spec.name,
    title: tool.spec.title,
    description: `${tool.spec.description} (${tool.route.method} /v1${tool.route.path}; scope ${tool.scope}.)`,
    inputSchema: tool.inputSchema,
    annotations: { title: tool.spec.title, ...tool.spec.annotations },
  };
}

/**
 * The MCP server of one `/mcp` request: tools run `/v1` operations for the request's principal;
 * a refusal is a tool result with `isError` carrying the `/v1` envelope (code, message, docsUrl).
 */
export function createMcpServer(registry: McpToolRegistry, call: McpCall): Server {
  const server = new Server(mcpServerInfo, {
    capabilities: { tools: {}, resources: {}, prompts: {} },
    instructions,
  });
  const listing = registry.tools.map(toolListing);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    try {
      const tool = registry.get(request.params.name);
      if (!tool) throw unknownTool(request.params.name);
      // Scope first: a narrow token learns nothing of the arguments, and nothing runs.
      requireScope(call.principal, tool.scope);
      const input = registry.parseArguments(tool, request.params.arguments ?? {});
      const result = await call.run(tool.route.operationId, input);
      const structured = result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : { result };
      return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    } catch (error) {
      const envelope = call.envelope(error);
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }], structuredContent: { ...envelope } };
    }
  });
  const rpc = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw rpcError(call, error);
    }
  };
  server.setRequestHandler(ListResourcesRequestSchema, (request) => rpc(() => listBoardResources(call, request.params?.cursor)));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: boardResourceTemplates }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => rpc(() => readBoardResource(call, request.params.uri)));
  server.setRequestHandler(ListPromptsRequestSchema, (request) => rpc(() => listSkillPrompts(call, request.params?.cursor)));
  server.setRequestHandler(GetPromptRequestSchema, (request) => rpc(() => getSkillPrompt(call, request.params.name, request.params.arguments ?? {})));
  return server;
}
