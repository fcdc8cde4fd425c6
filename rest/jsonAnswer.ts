import type { Context } from 'koa';

/**
 * Sets `value` as the JSON answer, encoded here rather than by Koa. Given an object, Koa's body
 * setter tests it with `instanceof Response` (among others), and the first read of the global
 * `Response` loads Node's fetch implementation (undici and its WebAssembly HTTP parser, about
 * 8 MB resident) into a server that never fetches. A string is taken at once.
 */
export function setJsonAnswer(ctx: Context, value: unknown): void {
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(value);
}
