import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './webhookAddresses.js';

/** What one delivery attempt came to. */
export interface SendOutcome {
  /** True for a 2xx answer. */
  readonly ok: boolean;
  /** The HTTP status, null when no answer came (timeout, refused, blocked address). */
  readonly statusCode: number | null;
  readonly durationMs: number;
  /** The start of the response body, or what ended the attempt. */
  readonly response: string;
}

/** Options of `sendWebhook`. */
export interface SendOptions {
  /** The whole attempt's limit, in ms; default 10 s. */
  timeoutMs?: number;
  /** Allows private and loopback addresses (`BOARDS_WEBHOOKS_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  /** Response bytes kept for the deliveries log; default 1024. */
  maxResponseBytes?: number;
}

/**
 * POSTs one signed delivery. Redirects are not followed (a 3xx is a failed attempt), the
 * connection is made only to an address checked at connection time (DNS rebinding), the whole
 * attempt is bounded by `timeoutMs`, and only the start of the response body is kept.
 */
export function sendWebhook(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendOutcome> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxResponseBytes = options.maxResponseBytes ?? 1024;
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish({ ok: false, statusCode: null, response: 'invalid URL' });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        headers: { 'content-type': 'application/json', 'user-agent': 'Boards-Webhooks/1', 'content-length': Buffer.byteLength(body), ...headers },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < maxResponseBytes) {
            chunks.push(chunk.subarray(0, maxResponseBytes - kept));
            kept += Math.min(chunk.length, maxResponseBytes - kept);
          }
        });
        response.on('error', (error) => finish({ ok: false, statusCode: response.statusCode ?? null, response: error.message }));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          finish({ ok: status >= 200 && status < 300, statusCode: status, response: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    request.on('error', (error) => finish({ ok: false, statusCode: null, response: error.message }));
    request.end(body);
  });
}
