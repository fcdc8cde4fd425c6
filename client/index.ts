import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

/** The typed Boards API client: `GET`, `POST`, … checked against the OpenAPI document. */
export type BoardsClient = Client<paths>;

/** A resource type of the API by its OpenAPI name: `Schema<'Board'>`, `Schema<'Item'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** Options of `createBoardsClient`. */
export interface BoardsClientOptions {
  /** `<public url>/v1`, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  /** An API key (`bds_ak_…`) or an OAuth access token (`bds_at_…`). */
  token: string;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /**
   * How many times a request is sent again after a network failure, a 5xx, a 429 or a 409
   * `idempotency_key_in_use` (after `Retry-After`, at most `maxRetryDelayMs`). Writes are
   * retried with the same `Idempotency-Key`, so a retry never makes a change twice. Default 2.
   */
  retries?: number;
  /** The longest wait between two tries, in ms. Default 5000. */
  maxRetryDelayMs?: number;
}

/** Methods whose requests carry an `Idempotency-Key` (the server ignores it on the others). */
const keyedMethods = new Set(['POST', 'PATCH', 'DELETE']);

/**
 * A client for the Boards API whose paths, parameters, bodies and answers are typed. Every
 * POST, PATCH and DELETE carries an `Idempotency-Key`: a random UUID per call unless the caller
 * passes one (`params: { header: { 'Idempotency-Key': … } }`), kept for the client's own retries.
 */
export function createBoardsClient(options: BoardsClientOptions): BoardsClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.token}` },
    fetch: retryingFetch(options.fetch ?? globalThis.fetch, options.retries ?? 2, options.maxRetryDelayMs ?? 5000),
  });
}

function retryingFetch(send: typeof fetch, retries: number, maxDelayMs: number): (request: Request, init?: RequestInit) => Promise<Response> {
  return async (request, init) => {
    if (keyedMethods.has(request.method) && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', crypto.randomUUID());
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= retries;
      let response: Response;
      try {
        response = await send(last ? request : request.clone(), init);
      } catch (error) {
        if (last) throw error;
        await delay(Math.min(maxDelayMs, 100 * 2 ** attempt));
        continue;
      }
      if (last || !(await worthRetrying(response))) return response;
      await delay(Math.min(maxDelayMs, retryAfterMs(response) ?? 100 * 2 ** attempt));
    }
  };
}

async function worthRetrying(response: Response): Promise<boolean> {
  if (response.status >= 500 || response.status === 429) return true;
  if (response.status !== 409) return false;
  const body = (await response.clone().json().catch(() => null)) as { error?: { code?: unknown } } | null;
  return body?.error?.code === 'idempotency_key_in_use';
}

function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type { components, paths };
