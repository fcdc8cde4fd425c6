import type { Context } from 'koa';
import type { Config } from '../server/config.js';
import { acceptedOrigins } from '../server/config.js';

/**
 * The origin links in emails sent for a request start with: `BOARDS_PUBLIC_URL` when it is set;
 * otherwise the origin the person used (`http://127.0.0.1:8080` as readily as `localhost`) when
 * it is one of the service's own (`acceptedOrigins`, where its sign-in works), else the default
 * public URL. A Host header naming another site never reaches an email.
 */
export function linkBase(ctx: Context, config: Pick<Config, 'publicUrl' | 'publicUrlFromEnv' | 'production'>): string {
  if (config.publicUrlFromEnv) return config.publicUrl;
  // From the request's protocol and Host header (ctx.origin reads null on the API's contexts).
  const origin = `${ctx.protocol}://${ctx.host}`;
  return acceptedOrigins(config).includes(origin) ? origin : config.publicUrl;
}
