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
}

/** A client for the Boards API whose paths, parameters, bodies and answers are typed. */
export function createBoardsClient(options: BoardsClientOptions): BoardsClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.token}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

export type { components, paths };
