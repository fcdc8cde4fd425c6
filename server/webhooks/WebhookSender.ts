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

/** Idle ms after which a kept-alive connection to a receiver is closed: below the 5 s most servers keep one. */
const idleConnectionMs = 4_000;

/** One keep-alive pool per scheme and address policy (`allowPrivate`). */
const agents = new Map<string, http.Agent>();

/**
 * The pool for `protocol`: connections to a receiver are kept open between deliveries, so a
 * burst of events costs one TCP (and TLS) handshake per receiver rather than one per delivery.
 * Each connection is still made to an address `guardedLookup` checked when it was opened.
 */
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate ? '+private' : ''}`;
  let agent = agents.get(key);
  if (agent === undefined) {
    const options = { keepAlive: true, timeout: idleConnectionMs, scheduling: 'lifo' as const };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Errors of a kept-alive connection the receiver closed as it was reused, before any answer (delivery is at least once: a resend is safe). */
const staleConnectionCodes = new Set(['ECONNRESET', 'EPIPE']);

/**
 * POSTs one signed delivery. Redirects are not followed (a 3xx is a failed attempt), the
 * connection is made only to an address checked at connection time (DNS rebinding), the whole
 * attempt is bounded by `timeoutMs`, and only the start of the response body is kept.
 * Connections are kept alive between deliveries; a request that fails at once on a reused
 * connection (the receiver had just closed it) is sent again, once, on another.
 */
export async function sendWebhook(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const first = await attempt(url, body, headers, options, started);
  return first.staleConnection ? (await attempt(url, body, headers, options, started)).outcome : first.outcome;
}

function attempt(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
  started: number,
): Promise<{ outcome: SendOutcome; staleConnection: boolean }> {
  const limitMs = options.timeoutMs ?? 10_000;
  const maxResponseBytes = options.maxResponseBytes ?? 1024;
  const elapsed = (): number => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined = undefined;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>, staleConnection = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ outcome: { ...outcome, durationMs: elapsed() }, staleConnection });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish({ ok: false, statusCode: null, response: 'invalid URL' });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    let responded = false;
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        headers: { 'content-type': 'application/json', 'user-agent': 'Boards-Webhooks/1', 'content-length': Buffer.byteLength(body), ...headers },
        agent: agentFor(target.protocol, options.allowPrivate),
      },
      (response) => {
        responded = true;
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
    // One limit for the whole delivery, a second attempt included.
    timer = setTimeout(() => {
      request.destroy(new Error(`timed out after ${limitMs} ms`));
    }, Math.max(0, limitMs - (performance.now() - started)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const stale = request.reusedSocket && !responded && staleConnectionCodes.has(error.code ?? '');
      finish({ ok: false, statusCode: null, response: error.message }, stale);
    });
    request.end(body);
  });
}
