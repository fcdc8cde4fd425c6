import type { Context } from 'koa';

/**
 * CORS for the endpoints a public client (a single-page app) calls from the browser: the
 * metadata document, `/token` and `/revoke`. Any origin may read them: they use no cookie or
 * other ambient credential (the client proves itself with its PKCE verifier, refresh token or
 * secret in the request), so `Access-Control-Allow-Origin: *` without credentials exposes
 * nothing. `/authorize` and the pages never get CORS headers (RFC 9700 §2.6). Answers a
 * preflight (`OPTIONS`) itself and returns true then.
 */
export function publicCors(ctx: Context, methods: 'GET' | 'POST'): boolean {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.vary('Origin');
  if (ctx.method !== 'OPTIONS') return false;
  ctx.set('Access-Control-Allow-Methods', methods === 'GET' ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
  ctx.set('Allow', methods === 'GET' ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS');
  ctx.status = 204;
  return true;
}
