import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { OAuthErrorCode } from '../../server/oauth/OAuthError.js';
import { OAuthError, oauthErrorDescriptions } from '../../server/oauth/OAuthError.js';
import { FormError } from './formBody.js';

/** Headers every token and revoke response carries (RFC 6749 5.1). */
export function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}

/** Sends a JSON body with the no-store headers. */
export function sendJson(ctx: Context, status: number, body: unknown): void {
  noStore(ctx);
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

/** Sends `{error, error_description}` with its status; `WWW-Authenticate: Basic` for Basic clients (RFC 6749 5.2). */
export function sendOAuthError(ctx: Context, error: OAuthErrorCode, status: number, viaBasic = false): void {
  if (error === 'invalid_client' && viaBasic) ctx.set('WWW-Authenticate', 'Basic realm="boards", charset="UTF-8"');
  sendJson(ctx, status, { error, error_description: oauthErrorDescriptions[error] });
}

/**
 * Runs an OAuth endpoint: known failures become RFC 6749 error bodies with the specific reason
 * logged, anything else a generic `server_error` (logged with its stack, never sent).
 */
export async function oauthEndpoint(ctx: Context, run: () => Promise<void>): Promise<void> {
  const log = ctx.state.log as Logger;
  try {
    await run();
  } catch (error) {
    if (error instanceof OAuthError) {
      log.info({ oauthError: error.error, reason: error.reason }, 'oauth request refused');
      sendOAuthError(ctx, error.error, error.status, error.viaBasic);
      return;
    }
    if (error instanceof FormError) {
      log.info({ reason: error.message }, 'oauth request unreadable');
      if (error.kind === 'too_large') {
        ctx.set('Connection', 'close');
        sendJson(ctx, 413, { error: 'invalid_request', error_description: 'The request body is too large.' });
        return;
      }
      sendOAuthError(ctx, 'invalid_request', 400);
      return;
    }
    log.error({ err: error }, 'oauth endpoint failed');
    sendOAuthError(ctx, 'server_error', 500);
  }
}
