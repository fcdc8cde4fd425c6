import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  extractResourceMetadataUrl,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuthorizationServerMetadata, OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { TestServer } from '../../helpers/testServer.js';
import { decide, openConsent } from './oauthFlow.js';

/** What an MCP client learns by discovery: the resource and its authorization server's metadata. */
export interface McpDiscovery {
  resource: string;
  metadata: AuthorizationServerMetadata;
}

/** Discovery as the MCP SDK runs it from the 401 of `/mcp`: its `resource_metadata`, then RFC 8414. */
export async function discoverFromChallenge(t: TestServer): Promise<McpDiscovery> {
  // The 401 `/mcp` answers (see docs/mcp.md); the SDK reads resource_metadata from it.
  const challenge = new Response(null, {
    status: 401,
    headers: { 'WWW-Authenticate': `Bearer resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp"` },
  });
  const resourceMetadataUrl = extractResourceMetadataUrl(challenge);
  const prm = await discoverOAuthProtectedResourceMetadata(`${t.url}/mcp`, resourceMetadataUrl ? { resourceMetadataUrl } : {});
  const issuer = prm.authorization_servers?.[0];
  if (!issuer) throw new Error('no authorization server in the protected resource metadata');
  const metadata = await discoverAuthorizationServerMetadata(issuer);
  if (!metadata) throw new Error('no authorization server metadata');
  return { resource: prm.resource, metadata };
}

/** Authorizes with PKCE through the real consent page and exchanges the code, as the SDK does. */
export async function authorizeWithSdk(
  t: TestServer,
  cookie: string,
  discovery: McpDiscovery,
  client: OAuthClientInformationMixed,
  redirectUri: string,
  options: { scope?: string; resource?: string | null; onConsent?: (page: string) => void } = {},
): Promise<OAuthTokens> {
  const resource = options.resource === undefined ? discovery.resource : options.resource;
  const { authorizationUrl, codeVerifier } = await startAuthorization(t.url, {
    metadata: discovery.metadata,
    clientInformation: client,
    redirectUrl: redirectUri,
    scope: options.scope ?? 'boards:read boards:write',
    state: 'st-1',
    ...(resource === null ? {} : { resource }),
  });
  const { response, page, fields } = await openConsent(cookie, authorizationUrl.href);
  if (response.status !== 200 || !fields.request_id) throw new Error(`consent page answered ${response.status}: ${page.slice(0, 800)}`);
  options.onConsent?.(page);
  const decided = await decide(t, cookie, fields, 'approve');
  const location = new URL(decided.headers.get('location') ?? '');
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location.href}`);
  return exchangeAuthorization(t.url, {
    metadata: discovery.metadata,
    clientInformation: client,
    authorizationCode: code,
    codeVerifier,
    redirectUri,
    ...(resource === null ? {} : { resource }),
  });
}
