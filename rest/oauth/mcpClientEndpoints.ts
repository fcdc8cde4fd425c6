import type { Context } from 'koa';
import type { Logger } from 'pino';
import { allScopes } from '../../server/auth/scopes.js';
import { maxRegistrationBytes, RegistrationError } from '../../server/oauth/DynamicClientRegistration.js';
import { mcpResourceUrl } from '../../server/oauth/resourceIndicators.js';
import type { Services } from '../../server/Services.js';
import type { ClientThrottle } from './clientThrottle.js';
import { FormError, readBody } from './formBody.js';
import { sendJson } from './oauthResponses.js';

/** Path of the MCP endpoint's Protected Resource Metadata (RFC 9728 3.1: the well-known name before the resource's path). */
export const protectedResourceMetadataPath = '/.well-known/oauth-protected-resource/mcp';
/** The same document at the host's root, where clients that do not insert the path look. */
export const rootProtectedResourceMetadataPath = '/.well-known/oauth-protected-resource';

/**
 * The MCP endpoint's Protected Resource Metadata (RFC 9728 2): the resource `<public url>/mcp`,
 * this server as its authorization server, the scopes and the bearer methods (the header only).
 * Served at the root name too: this host has one audience-bound resource, and MCP clients fall
 * back to the root when the path-specific name is not found.
 */
export function protectedResourceMetadata(services: Services): Record<string, unknown> {
  const { publicUrl } = services.config;
  return {
    resource: mcpResourceUrl(publicUrl),
    authorization_servers: [services.oauth.issuer],
    scopes_supported: allScopes,
    bearer_methods_supported: ['header'],
    resource_name: 'Boards MCP server',
  };
}

/**
 * `POST {auth_url}/register`: Dynamic Client Registration (RFC 7591 3). A JSON body of client
 * metadata; 201 with the client's information, 400 `invalid_redirect_uri` or
 * `invalid_client_metadata` (RFC 7591 3.2.2), 415 for another media type, 413 past 16 KB, 429
 * past the per-address budget. Nothing is stored unless everything is valid.
 */
export async function registerEndpoint(ctx: Context, services: Services, throttle: ClientThrottle): Promise<void> {
  const log = ctx.state.log as Logger;
  if (ctx.method !== 'POST') {
    ctx.set('Allow', 'POST');
    sendJson(ctx, 405, { error: 'invalid_request', error_description: 'Use POST.' });
    return;
  }
  const wait = await throttle.registration(ctx.ip);
  if (wait !== null) {
    ctx.set('Retry-After', String(wait));
    sendJson(ctx, 429, { error: 'rate_limited', error_description: 'Too many registrations from this address; try again later.' });
    return;
  }
  if (!ctx.is('application/json')) {
    sendJson(ctx, 415, { error: 'invalid_client_metadata', error_description: 'Send the client metadata as JSON with Content-Type: application/json.' });
    return;
  }
  let metadata: unknown;
  try {
    metadata = JSON.parse(await readBody(ctx, maxRegistrationBytes));
  } catch (error) {
    if (error instanceof FormError) {
      ctx.set('Connection', 'close');
      sendJson(ctx, 413, { error: 'invalid_client_metadata', error_description: `The body is larger than ${maxRegistrationBytes} bytes.` });
      return;
    }
    sendJson(ctx, 400, { error: 'invalid_client_metadata', error_description: 'The body is not valid JSON.' });
    return;
  }
  try {
    const registered = await services.oauth.registration.register(metadata);
    log.info({ clientId: registered.client_id }, 'client registered dynamically');
    sendJson(ctx, 201, registered);
  } catch (error) {
    if (!(error instanceof RegistrationError)) throw error;
    log.info({ reason: error.message }, 'client registration refused');
    sendJson(ctx, 400, { error: error.code, error_description: error.message });
  }
}
