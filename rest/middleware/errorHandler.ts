import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ErrorCode } from '../../server/errors.js';
import { ServiceError, errorCatalogue } from '../../server/errors.js';
import { sendError } from '../envelope.js';
import { errorStatus } from '../errorStatus.js';

/** 5xx codes the service answers on purpose (an operation it does not offer); logged without a stack. */
const expectedServerCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['not_implemented']);

/** Maps errors of lower layers (by their stable `code`) to API error codes. */
export type ErrorTranslator = (error: unknown) => ServiceError | null;

// The first code of each status in the catalogue is the generic one (`validation_failed` before `ai_instruction_unsupported`).
const statusCodes = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(errorStatus)) if (!statusCodes.has(status)) statusCodes.set(status, code as ErrorCode);

/**
 * Turns every error into the envelope. Service errors keep their code, and their message when
 * the status is below 500; HTTP errors raised by Koa or body parsing keep their status when it
 * is a client error; anything else is logged with its stack and answered 500. Every 5xx answer
 * carries the catalogue's generic text and the request id, never the error's own message.
 */
export function errorHandler(translate: ErrorTranslator): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        sendError(ctx, 'not_found', 'No API operation at this address.');
      }
    } catch (raw) {
      const answer = describeError(raw, translate, ctx.state.log as Logger);
      sendError(ctx, answer.code, answer.message, answer.details);
    }
  };
}

/** What the envelope of an error says: its code, the message a client may read, and details. */
export interface ErrorAnswer {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * The answer to `raw` as every door of the API gives it (the `/v1` envelope, MCP tool errors):
 * service errors keep their code, and their message below 5xx; client HTTP errors keep their
 * status; anything else is logged with its stack and answered `internal_error`.
 */
export function describeError(raw: unknown, translate: ErrorTranslator, log: Logger): ErrorAnswer {
  const error = raw instanceof ServiceError ? raw : (translate(raw) ?? raw);
  if (error instanceof ServiceError) {
    if (expectedServerCodes.has(error.code)) {
      // An answer the service gives on purpose: worth a line, not an error with a stack.
      log.info({ code: error.code, reason: error.message }, 'request not served');
      return { code: error.code, message: serverErrorMessage(error.code) };
    }
    if (errorStatus[error.code] >= 500) {
      // A 5xx message may hold ids, timings or paths: it goes to the log, the client reads
      // the catalogue's text and quotes the request id.
      log.error({ err: error }, 'request failed');
      return { code: error.code, message: serverErrorMessage(error.code) };
    }
    return error.details === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, details: error.details };
  }
  const status = httpStatusOf(error);
  if (status !== null && status >= 400 && status < 500) {
    return { code: statusCodes.get(status) ?? 'bad_request', message: exposedMessage(error) ?? 'The request could not be read.' };
  }
  log.error({ err: error }, 'unexpected error');
  return { code: 'internal_error', message: serverErrorMessage('internal_error') };
}

/** The only text a 5xx answer carries: generic, the same for every cause of one code. */
export function serverErrorMessage(code: ErrorCode): string {
  return code === 'internal_error' ? 'Something went wrong on our side.' : errorCatalogue[code];
}

function httpStatusOf(error: unknown): number | null {
  if (error === null || typeof error !== 'object') return null;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : null;
}

function exposedMessage(error: unknown): string | null {
  if (error instanceof Error && (error as { expose?: boolean }).expose) return error.message;
  return null;
}
