import type { Context } from 'koa';
import type { ErrorCode } from '../server/errors.js';
import { errorStatus } from './errorStatus.js';
import { setJsonAnswer } from './jsonAnswer.js';

/** The API error envelope (SPEC "API error envelope"). */
export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; docsUrl: string } & Record<string, unknown>;
  requestId: string;
}

/** Writes the error envelope with the code's status. */
export function sendError(
  ctx: Context,
  code: ErrorCode,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): void {
  const publicUrl = (ctx.state as { publicUrl: string }).publicUrl;
  const requestId = (ctx.state as { requestId: string }).requestId;
  const body: ErrorEnvelope = {
    error: { ...details, code, message, docsUrl: `${publicUrl}/docs/errors/${code}` },
    requestId,
  };
  ctx.status = errorStatus[code];
  setJsonAnswer(ctx, body);
}
