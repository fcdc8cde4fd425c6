import type { Context } from 'koa';
import { ServiceError } from '../server/errors.js';

/** A request body taken as bytes (an upload) instead of JSON: the media types it may have and its size cap. */
export interface RawBodySpec {
  /** Accepted `Content-Type`s (parameters such as `; charset` are ignored); anything else is 415. */
  readonly mediaTypes: readonly string[];
  /** Largest body accepted, in bytes; more is 413 `payload_too_large`. */
  readonly maxBytes: number;
  /** What the body is, for OpenAPI. */
  readonly description: string;
}

/** A raw body as read: its media type (one of the spec's, lower-case) and its bytes. */
export interface RawBody {
  readonly mediaType: string;
  readonly data: Buffer;
}

/**
 * Reads the request body as bytes. Throws 415 `unsupported_media_type` for a media type outside
 * `spec.mediaTypes` or a `Content-Encoding` (uploads are sent as they are), 413
 * `payload_too_large` as soon as more than `spec.maxBytes` arrive (a `Content-Length` over it is
 * refused before reading), 400 `bad_request` when the body is cut off.
 */
export async function readRawBody(ctx: Context, spec: RawBodySpec): Promise<RawBody> {
  const mediaType = (ctx.get('Content-Type').split(';')[0] ?? '').trim().toLowerCase();
  if (!spec.mediaTypes.includes(mediaType)) {
    throw new ServiceError('unsupported_media_type', `Send the body with Content-Type ${spec.mediaTypes.join(', ')}.`);
  }
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') {
    throw new ServiceError('unsupported_media_type', 'Send the body as it is, without a Content-Encoding.');
  }
  const tooLarge = () => new ServiceError('payload_too_large', `The body may have at most ${spec.maxBytes} bytes.`);
  const declared = ctx.get('Content-Length');
  if (declared !== '' && Number(declared) > spec.maxBytes) throw tooLarge();
  const parts: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of ctx.req) {
      const part = chunk as Buffer;
      received += part.byteLength;
      if (received > spec.maxBytes) throw tooLarge();
      parts.push(part);
    }
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError('bad_request', 'The body could not be read completely.', { cause: error });
  }
  return { mediaType, data: Buffer.concat(parts) };
}
