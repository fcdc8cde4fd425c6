import type { Context } from 'koa';
import { allScopes } from '../../server/auth/scopes.js';
import { authenticateClient } from '../../server/oauth/clientAuthentication.js';
import { AuthorizationPageError, OAuthError } from '../../server/oauth/OAuthError.js';
import type { Services } from '../../server/Services.js';
import type { ClientThrottle } from './clientThrottle.js';
import { parseBasic, readForm } from './formBody.js';
import { oauthEndpoint, sendJson } from './oauthResponses.js';

/** Query parameters that must never carry credentials (RFC 6749 2.3.1). */
const forbiddenQuery = ['client_secret', 'code', 'refresh_token', 'code_verifier', 'token'];

async function authenticatedClient(ctx: Context, services: Services, throttle: ClientThrottle, form: Map<string, string>) {
  if (forbiddenQuery.some((name) => ctx.query[name] !== undefined)) {
    throw new OAuthError('invalid_request', 'credentials in the query string');
  }
  const basic = parseBasic(ctx.get('Authorization'));
  const clientId = basic?.clientId ?? form.get('client_id') ?? null;
  const wait = await throttle.blockedFor(clientId, ctx.ip);
  if (wait !== null) {
    ctx.set('Retry-After', String(wait));
    sendJson(ctx, 429, { error: 'rate_limited', error_description: 'Too many requests.' });
    return null;
  }
  const { findClient } = services.oauth;
  // A metadata document that cannot be fetched or used now makes its client unknown (invalid_client).
  const findApp = (id: string) => findClient(id).catch((error: unknown) => (error instanceof AuthorizationPageError ? null : Promise.reject(error)));
  try {
    return await authenticateClient({ basic, clientId: form.get('client_id') ?? null, clientSecret: form.get('client_secret') ?? null }, findApp);
  } catch (error) {
    if (error instanceof OAuthError && error.error === 'invalid_client') await throttle.failed(clientId, ctx.ip);
    throw error;
  }
}

function required(form: Map<string, string>, name: string): string {
  const value = form.get(name);
  if (value === undefined || value === '') throw new OAuthError('invalid_request', `${name} missing`);
  return value;
}

/** `POST {auth_url}/token`: the authorization_code and refresh_token grants (SPEC "Token"). */
export async function tokenEndpoint(ctx: Context, services: Services, throttle: ClientThrottle): Promise<void> {
  await oauthEndpoint(ctx, async () => {
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      sendJson(ctx, 405, { error: 'invalid_request', error_description: 'Use POST.' });
      return;
    }
    const form = await readForm(ctx);
    const grantType = required(form, 'grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      throw new OAuthError('unsupported_grant_type', `grant_type ${grantType}`);
    }
    const app = await authenticatedClient(ctx, services, throttle, form);
    if (!app) return;
    const { grants } = services.oauth;
    const result =
      grantType === 'authorization_code'
        ? await grants.exchangeCode(app, {
            code: required(form, 'code'),
            redirectUri: required(form, 'redirect_uri'),
            codeVerifier: form.get('code_verifier') || null,
            resource: form.get('resource') || null,
          })
        : await grants.refresh(app, { refreshToken: required(form, 'refresh_token'), scope: form.get('scope') ?? null, resource: form.get('resource') || null });
    sendJson(ctx, 200, result);
  });
}

/** `POST {auth_url}/revoke` (RFC 7009; SPEC: either token ends the connection, 200 `{}` either way). */
export async function revokeEndpoint(ctx: Context, services: Services, throttle: ClientThrottle): Promise<void> {
  await oauthEndpoint(ctx, async () => {
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      sendJson(ctx, 405, { error: 'invalid_request', error_description: 'Use POST.' });
      return;
    }
    const wait = await throttle.revocation(ctx.ip);
    if (wait !== null) {
      ctx.set('Retry-After', String(wait));
      sendJson(ctx, 429, { error: 'rate_limited', error_description: 'Too many requests.' });
      return;
    }
    const form = await readForm(ctx);
    const app = await authenticatedClient(ctx, services, throttle, form);
    if (!app) return;
    // token_type_hint is accepted and ignored: the token is found either way (RFC 7009 2.1).
    await services.oauth.grants.revoke(app, required(form, 'token'));
    sendJson(ctx, 200, {});
  });
}

/** `GET /.well-known/oauth-authorization-server` (RFC 8414). */
export function metadataDocument(services: Services): Record<string, unknown> {
  const issuer = services.oauth.issuer;
  const authUrl = `${services.config.publicUrl}/oauth`;
  return {
    issuer,
    authorization_endpoint: `${authUrl}/`,
    token_endpoint: `${authUrl}/token`,
    revocation_endpoint: `${authUrl}/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    scopes_supported: allScopes,
    authorization_response_iss_parameter_supported: true,
    // Clients that cannot be registered by hand (MCP clients): RFC 7591 and Client ID Metadata Documents.
    registration_endpoint: `${authUrl}/register`,
    client_id_metadata_document_supported: true,
    service_documentation: `${services.config.publicUrl}/docs/errors`,
  };
}
