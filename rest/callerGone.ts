import type { Context } from 'koa';

/** Said in the OpenAPI description of each operation that stops when its caller goes away (`callerGone`). */
export const stopsWithCaller = ' A caller that closes the connection before the answer (a Cancel) stops the work: the provider call is aborted, nothing is written and the credits come back.';

/**
 * A signal that aborts when the caller closes the connection before the answer is written (a
 * browser's Cancel, a client timeout): work done for the answer alone, such as an AI provider's
 * call, stops then instead of running on for nobody. Never aborts once the answer is sent.
 */
export function callerGone(ctx: Context): AbortSignal {
  const controller = new AbortController();
  const res = ctx.res;
  const onClose = (): void => {
    if (!res.writableFinished) controller.abort(new Error('The caller closed the connection.'));
  };
  if (res.destroyed) onClose();
  else res.once('close', onClose);
  return controller.signal;
}
