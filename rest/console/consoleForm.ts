import { Writable } from 'node:stream';
import type { Context } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { ServiceError, ValidationError } from '../../server/errors.js';
import { maxLogoBytes } from '../../server/oauth/logo.js';

/** Form fields as the body parser gives them: one value, or several for a repeated name. */
export type ConsoleFields = Record<string, string | string[]>;

/** A console form: its fields and the optional logo upload. */
export interface ConsoleForm {
  fields: ConsoleFields;
  logo: Uint8Array | undefined;
}

/** Largest urlencoded console form; the multipart logo has its own limit (`maxLogoBytes`). */
const maxFormBytes = 64 * 1024;

/** Uploaded files collect in memory (never a temp file): the only upload is a logo of at most 512 KB. */
const uploads = new WeakMap<object, Buffer[]>();

const parseForm = koaBody({
  multipart: true,
  urlencoded: true,
  json: false,
  text: false,
  formLimit: maxFormBytes,
  formidable: {
    maxFileSize: maxLogoBytes,
    maxFiles: 1,
    maxFieldsSize: maxFormBytes,
    allowEmptyFiles: true,
    minFileSize: 0,
    fileWriteStreamHandler: (file) => {
      const chunks: Buffer[] = [];
      if (file) uploads.set(file, chunks);
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
    },
  },
  parsedMethods: [HttpMethodEnum.POST],
});

// formidable's error codes (formidable/src/FormidableError.js).
const fileTooLarge = new Set([1009, 1016]);
const tooManyFiles = 1015;
const fieldsTooLarge = new Set([1006, 1007]);
const malformed = new Set([1011, 1012, 1013, 1014]);

/**
 * Why a console form could not be read, as the error the page shows: a logo over 512 KB or a
 * second file is a 422 on `logo`, a form over the limit 413, a malformed body 400. Anything
 * else is not the caller's fault and is rethrown.
 */
export function formReadError(error: unknown): ServiceError {
  const { code, status, httpCode } = error as { code?: unknown; status?: unknown; httpCode?: unknown };
  if (typeof code === 'number' && fileTooLarge.has(code)) {
    return new ValidationError([{ field: 'logo', message: `must be at most ${maxLogoBytes / 1024} KB` }], { cause: error });
  }
  if (code === tooManyFiles) return new ValidationError([{ field: 'logo', message: 'send one file at most' }], { cause: error });
  if ((typeof code === 'number' && fieldsTooLarge.has(code)) || status === 413) {
    return new ServiceError('payload_too_large', 'The form is larger than allowed.', { cause: error });
  }
  if (typeof code === 'number' && malformed.has(code)) return new ServiceError('bad_request', 'The form is not valid multipart.', { cause: error });
  const clientStatus = typeof status === 'number' ? status : typeof httpCode === 'number' ? httpCode : 500;
  if (clientStatus >= 400 && clientStatus < 500) return new ServiceError('bad_request', 'The form could not be read.', { cause: error });
  throw error;
}

/**
 * Reads a console form (urlencoded or multipart) and its optional logo, in memory. Call it only
 * after the request's origin and session were checked. Throws what `formReadError` gives.
 */
export async function readConsoleForm(ctx: Context): Promise<ConsoleForm> {
  try {
    await parseForm(ctx, async () => {});
  } catch (error) {
    throw formReadError(error);
  }
  const fields = (ctx.request.body ?? {}) as ConsoleFields;
  const file = ctx.request.files?.logo;
  const logoFile = Array.isArray(file) ? file[0] : file;
  const bytes = logoFile ? Buffer.concat(uploads.get(logoFile) ?? []) : undefined;
  return { fields, logo: bytes && bytes.length > 0 ? new Uint8Array(bytes) : undefined };
}

/** The first value of a field. */
export function firstField(fields: ConsoleFields, name: string): string | undefined {
  const v = fields[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Every value of a field. */
export function allFields(fields: ConsoleFields, name: string): string[] {
  const v = fields[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
