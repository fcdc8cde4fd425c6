import type { Context } from 'koa';
import { BoardsError } from '../../storage/index.js';

/** Largest form body read at the OAuth endpoints and pages (oidc-provider uses 56 KiB too). */
export const maxFormBytes = 56 * 1024;

/** Why a form could not be read. */
export class FormError extends BoardsError<'media_type' | 'too_large' | 'malformed' | 'duplicate'> {
  constructor(kind: FormError['code'], message: string) {
    super(kind, message);
  }

  /** Why the form could not be read (the same as `code`). */
  get kind(): FormError['code'] {
    return this.code;
  }
}

/** Reads the whole body as UTF-8; throws `FormError('too_large')` past `maxBytes`, stopping at once. */
export async function readBody(ctx: Context, maxBytes: number): Promise<string> {
  const declared = Number(ctx.get('Content-Length') || '0');
  if (declared > maxBytes) {
    ctx.req.resume();
    throw new FormError('too_large', 'The body is too large.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      ctx.req.resume();
      throw new FormError('too_large', 'The body is too large.');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads an `application/x-www-form-urlencoded` body (RFC 6749 3.2) into single values. Throws
 * `FormError` for another media type, a body over `maxFormBytes` (stops reading at once), or
 * a repeated parameter (RFC 6749 3.2: parameters must not be included more than once).
 */
export async function readForm(ctx: Context): Promise<Map<string, string>> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new FormError('media_type', 'The body must be application/x-www-form-urlencoded.');
  }
  const text = await readBody(ctx, maxFormBytes);
  const form = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (form.has(name)) throw new FormError('duplicate', `The parameter ${name} is repeated.`);
    form.set(name, value);
  }
  return form;
}

/**
 * Parses `Authorization: Basic` client credentials, form-urldecoding both parts (RFC 6749
 * 2.3.1). Returns null when there is no Authorization header; throws `FormError('malformed')`
 * for another scheme or a header that is not valid Basic.
 */
export function parseBasic(header: string): { clientId: string; secret: string } | null {
  if (header === '') return null;
  const match = /^Basic +([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim());
  if (!match?.[1] || match[1].length % 4 === 1) throw new FormError('malformed', 'The Authorization header is not valid HTTP Basic.');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) throw new FormError('malformed', 'The Authorization header is not valid HTTP Basic.');
  try {
    const clientId = formDecode(decoded.slice(0, colon));
    const secret = formDecode(decoded.slice(colon + 1));
    if (clientId === '') throw new FormError('malformed', 'The Basic client id is empty.');
    return { clientId, secret };
  } catch (error) {
    if (error instanceof FormError) throw error;
    throw new FormError('malformed', 'The Basic credentials are not valid form-urlencoding.');
  }
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}
