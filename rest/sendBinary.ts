import type { Context } from 'koa';
import type { BinaryReply } from './route.js';

/**
 * Puts a `BinaryReply` on `ctx` with its headers; 304 without a body when the request's
 * `If-None-Match` names the reply's `ETag` (RFC 9110 13.1.2: weak comparison, `*` matches).
 */
export function sendBinary(ctx: Context, status: number, reply: BinaryReply): void {
  for (const [name, value] of Object.entries(reply.headers)) ctx.set(name, value);
  const etag = reply.headers['ETag'];
  const wanted = ctx.get('If-None-Match');
  if (etag !== undefined && wanted !== '' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
    const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
    if (wanted.trim() === '*' || wanted.split(',').some((tag) => opaque(tag) === opaque(etag))) {
      ctx.status = 304;
      return;
    }
  }
  ctx.status = status;
  ctx.type = reply.contentType;
  ctx.body = reply.data;
}
