import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { BoardsError } from '../../storage/index.js';
import { guardedLookup, isPrivateAddress } from '../webhooks/webhookAddresses.js';

/** Largest Client ID Metadata Document read, in bytes (draft-ietf-oauth-client-id-metadata-document 6: keep it small). */
export const maxClientMetadataBytes = 5 * 1024;
/** Longest wait for a Client ID Metadata Document, in ms. */
export const clientMetadataTimeoutMs = 5_000;

/** A fetched document: its parsed JSON and the `Cache-Control` it came with. */
export interface FetchedMetadata {
  json: unknown;
  cacheControl: string;
}

/** Why a document could not be used; `message` is shown to the person on the error page. */
export class ClientMetadataFetchError extends BoardsError<'client_metadata'> {
  constructor(message: string) {
    super('client_metadata', message);
  }
}

/**
 * GETs a Client ID Metadata Document with the webhooks' address rules: private, loopback and
 * link-local addresses are refused (checked at connection time, so DNS rebinding cannot get
 * round it) unless `allowPrivate`; no redirects; at most `maxBytes` and `timeoutMs`; a 200 with a
 * JSON content type only. Throws `ClientMetadataFetchError`.
 */
export async function fetchClientMetadata(
  url: URL,
  options: { allowPrivate: boolean; timeoutMs?: number; maxBytes?: number },
): Promise<FetchedMetadata> {
  const timeoutMs = options.timeoutMs ?? clientMetadataTimeoutMs;
  const maxBytes = options.maxBytes ?? maxClientMetadataBytes;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address literal is connected to without a lookup, so it is checked here.
  if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
    throw new ClientMetadataFetchError('its address is private, loopback or link-local');
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(new ClientMetadataFetchError(message));
    };
    const request = client.request(
      url,
      { method: 'GET', lookup: guardedLookup(options.allowPrivate), headers: { accept: 'application/json', 'user-agent': 'Boards-OAuth/1' }, agent: false },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) return fail(`it answered HTTP ${status} instead of 200`);
        const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (type !== 'application/json' && !type.endsWith('+json')) return fail(`it is not JSON (Content-Type ${type || 'missing'})`);
        const declared = Number(response.headers['content-length'] ?? '0');
        if (declared > maxBytes) return fail(`it is larger than ${maxBytes} bytes`);
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return fail(`it is larger than ${maxBytes} bytes`);
          chunks.push(chunk);
        });
        response.on('error', (error) => fail(error.message));
        response.on('end', () => {
          if (settled) return;
          let json: unknown;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            return fail('it is not valid JSON');
          }
          settled = true;
          clearTimeout(timer);
          resolve({ json, cacheControl: String(response.headers['cache-control'] ?? '') });
        });
      },
    );
    const timer = setTimeout(() => fail(`it did not answer within ${timeoutMs / 1000} s`), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'blocked_address' ? 'its address is private, loopback or link-local' : `it could not be reached (${error.code ?? error.message})`),
    );
    request.end();
  });
}
