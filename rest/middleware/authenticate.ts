import type { Context } from 'koa';
import { publicLinkTokenPrefix } from '../../server/access/index.js';
import type { Authenticator } from '../../server/auth/Authenticator.js';
import type { Principal } from '../../server/auth/Principal.js';
import { ServiceError } from '../../server/errors.js';
import type { RateLimit } from './rateLimit.js';
import { sameTurnCredentials } from './SameTurnCredentials.js';

const queryTokenParams = ['access_token', 'token', 'api_key'];

/**
 * Resolves the bearer token of a request (header only, RFC 6750 2.1) and spends one request
 * of its rate budget. Failed attempts spend the client address's budget, which throttles
 * guessing. Throws 401 with `WWW-Authenticate` when there is no valid credential. `resource` is
 * where the credential is used (RFC 8707): null for the REST API, `<public url>/mcp` for the MCP
 * endpoint; a token bound to another resource counts as no credential. Requests presenting one
 * token in one event-loop turn share its resolution (`SameTurnCredentials`).
 */
export async function authenticate(ctx: Context, authenticator: Authenticator, rateLimit: RateLimit, resource: string | null = null): Promise<Principal> {
  if (queryTokenParams.some((name) => ctx.query[name] !== undefined)) {
    await rateLimit.consume(ctx, `ip:${ctx.ip}`);
    ctx.set('WWW-Authenticate', 'Bearer error="invalid_request"');
    throw new ServiceError('unauthorized', 'Send the token in the Authorization header, never in the URL.');
  }
  const header = ctx.get('Authorization');
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  if (!match?.[1]) {
    await rateLimit.consume(ctx, `ip:${ctx.ip}`);
    ctx.set('WWW-Authenticate', 'Bearer');
    throw new ServiceError('unauthorized', 'A bearer token is required: Authorization: Bearer <token>.');
  }
  const principal = await sameTurnCredentials(authenticator).authenticate(match[1], resource);
  if (!principal) {
    await rateLimit.consume(ctx, `ip:${ctx.ip}`);
    ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw new ServiceError(
      'unauthorized',
      match[1].startsWith(publicLinkTokenPrefix)
        ? "A public-link token opens its boards' live sync (/v1/sync/{boardId}?token=…) and the web app (the link's url), not the REST API: use an API key or an OAuth access token."
        : 'The token is unknown, expired or revoked.',
    );
  }
  ctx.state.principal = principal;
  await rateLimit.consume(ctx, `cred:${principal.credential.id}`);
  return principal;
}
