import type { Principal } from '../auth/Principal.js';

/** The MCP endpoint's resource identifier (RFC 8707, RFC 9728): `<public url>/mcp`. */
export function mcpResourceUrl(publicUrl: string): string {
  return `${publicUrl}/mcp`;
}

/**
 * The resources a client may name with `resource` (RFC 8707 2): only the MCP endpoint. A
 * request without `resource` gets an unbound token, which the REST API and live sync accept.
 */
export function supportedResources(publicUrl: string): string[] {
  return [mcpResourceUrl(publicUrl)];
}

/**
 * Whether a credential may be used at `resource` (null: the REST API and live sync). A token
 * bound to a resource (its `audience`) works only there; an unbound OAuth access token works
 * only at the REST API, because the MCP endpoint accepts tokens issued for it alone (RFC 8707,
 * MCP authorization "token audience binding"); API keys and web sessions are not OAuth tokens
 * and work at both.
 */
export function audienceAccepted(principal: Principal, resource: string | null): boolean {
  const audience = principal.audience ?? null;
  if (audience !== null) return audience === resource;
  return resource === null || principal.credential.kind !== 'access_token';
}
