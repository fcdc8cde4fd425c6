import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import type { HttpMethodEnum } from 'koa-body';
import { ServiceError } from '../server/errors.js';

/** Reads a request's JSON body into `ctx.request.body`; throws the API's errors for a bad one. */
export type JsonBodyReader = (ctx: Context) => Promise<void>;

/**
 * A reader of JSON bodies of at most `maxBytes` (default 1 MiB) for the given methods, shared by
 * `/v1` and `/mcp`: a body over the limit is 413 `payload_too_large`, an unknown
 * `Content-Encoding` 415 `unsupported_media_type`, anything else unreadable 400 `bad_request`.
 */
export function jsonBodyReader(methods: readonly HttpMethodEnum[], maxBytes = 1024 * 1024): JsonBodyReader {
  const parse = koaBody({ json: true, jsonStrict: true, jsonLimit: maxBytes, urlencoded: false, text: false, multipart: false, parsedMethods: [...methods] });
  return async (ctx) => {
    try {
      await parse(ctx, async () => {});
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new ServiceError('payload_too_large', 'The body is larger than allowed.', { cause: error });
      if (status === 415) {
        const encoding = ctx.get('Content-Encoding').slice(0, 40);
        throw new ServiceError('unsupported_media_type', `Content-Encoding ${encoding} is not supported: send the body as is, or encoded with gzip, deflate or br.`, { cause: error });
      }
      throw new ServiceError('bad_request', 'The body is not valid JSON.', { cause: error });
    }
  };
}
