import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Middleware } from 'koa';
import { HttpMethodEnum } from 'koa-body';
import type { Authenticator } from '../../server/auth/Authenticator.js';
import type { Principal } from '../../server/auth/Principal.js';
import { ServiceError } from '../../server/errors.js';
import { mcpResourceUrl } from '../../server/oauth/resourceIndicators.js';
import { jsonBodyReader } from '../jsonBody.js';
import { authenticate } from '../middleware/authenticate.js';
import type { RateLimit } from '../middleware/rateLimit.js';
import type { Route } from '../route.js';
import { batchOperationSchemas } from '../schemas/items.js';
import { McpCall } from './McpCall.js';
import { McpToolRegistry } from './McpToolRegistry.js';
import type { createMcpServer as CreateMcpServer } from './mcpServer.js';
import { toolCatalogue } from './tools/toolCatalogue.js';

/** The path of the MCP endpoint. */
export const mcpPath = '/mcp';

/**
 * The MCP SDK and the server built on it, loaded at the first `/mcp` request: about 30 MB of
 * RSS and half a second of start-up that a server nobody connects an agent to never pays.
 */
async function loadMcp(): Promise<{ createMcpServer: typeof CreateMcpServer; Transport: typeof StreamableHTTPServerTransport }> {
  const [server, transport] = await Promise.all([import('./mcpServer.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]);
  return { createMcpServer: server.createMcpServer, Transport: transport.StreamableHTTPServerTransport };
}

/** Options of the MCP endpoint. */
export interface McpEndpointOptions {
  /** The `/v1` operations its tools run. */
  routes: readonly Route[];
  authenticator: Authenticator;
  rateLimit: RateLimit;
  /** Largest JSON-RPC body accepted; default 1 MiB, as `/v1`. */
  maxBodyBytes?: number;
}

/**
 * `/mcp`: a stateless Streamable HTTP MCP server (one JSON-RPC POST, one JSON answer; no session,
 * so any process behind a load balancer serves any request). Each request authenticates and
 * spends its rate budget exactly as `/v1` does; without a valid credential it answers 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…` (RFC 9728 section 5.1) so a client finds the
 * authorization server. GET and DELETE (a server stream, a session end) answer 405.
 */
export function mcpEndpoint(options: McpEndpointOptions): Middleware {
  // Built at the first request: the tools' JSON Schemas take a noticeable share of start-up (the catalogue is checked by its tests).
  let registry: McpToolRegistry | undefined;
  const routes = new Map(options.routes.map((route) => [route.operationId, route]));
  const parseBody = jsonBodyReader([HttpMethodEnum.POST], options.maxBodyBytes);
  let mcp: ReturnType<typeof loadMcp> | undefined;
  return async (ctx, next) => {
    if (ctx.path !== mcpPath) return next();
    ctx.state.operationId = 'mcp';
    const publicUrl = (ctx.state as { publicUrl: string }).publicUrl;
    let principal: Principal;
    try {
      // OAuth access tokens must have been issued for this endpoint (RFC 8707): see `audienceAccepted`.
      principal = await authenticate(ctx, options.authenticator, options.rateLimit, mcpResourceUrl(publicUrl));
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'unauthorized') {
        const metadata = `${publicUrl}/.well-known/oauth-protected-resource${mcpPath}`;
        const params = ctx.response.get('WWW-Authenticate').replace(/^Bearer\s*/i, '');
        ctx.set('WWW-Authenticate', `Bearer resource_metadata="${metadata}"${params === '' ? '' : `, ${params}`}`);
      }
      throw error;
    }
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      throw new ServiceError('method_not_allowed', 'This address accepts POST: the MCP server is stateless, with no stream to open (GET) or session to end (DELETE).');
    }
    await parseBody(ctx);
    mcp ??= loadMcp();
    const { createMcpServer, Transport } = await mcp;
    registry ??= new McpToolRegistry(toolCatalogue, options.routes, batchOperationSchemas);
    const server = createMcpServer(registry, new McpCall(principal, ctx, routes));
    const transport = new Transport({ enableJsonResponse: true });
    // No `sessionIdGenerator`: stateless, every request stands alone.
    await server.connect(transport);
    ctx.respond = false;
    try {
      await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
    } finally {
      await server.close();
    }
  };
}
