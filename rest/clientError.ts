import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { ErrorCode } from '../server/errors.js';
import type { ErrorEnvelope } from './envelope.js';
import { errorStatus } from './errorStatus.js';

/** The reason phrase of each status a parser error can answer with (RFC 9110 section 15). */
const reasonPhrases: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
};

/** What a parser error answers: the code and the client-safe message. */
function classify(errorCode: string | undefined): { code: ErrorCode; message: string } {
  switch (errorCode) {
    // llhttp counts the request line and every header against `maxHeaderSize` (16 KiB by default).
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'headers_too_large', message: 'The request line and headers are larger than allowed (16 KiB).' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { code: 'payload_too_large', message: 'The chunk extensions of the request body are larger than allowed.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'request_timeout', message: 'The request was not received in time.' };
    default:
      return { code: 'bad_request', message: 'The request is not valid HTTP/1.1 and could not be read.' };
  }
}

/**
 * The raw HTTP response (status line, headers, JSON body) for a request Node's parser refused,
 * in the API error envelope, so these errors read like every other one.
 */
export function clientErrorResponse(errorCode: string | undefined, publicUrl: string, requestId: string): string {
  const { code, message } = classify(errorCode);
  const status = errorStatus[code];
  const envelope: ErrorEnvelope = { error: { code, message, docsUrl: `${publicUrl}/docs/errors/${code}` }, requestId };
  const body = JSON.stringify(envelope);
  return [
    `HTTP/1.1 ${status} ${reasonPhrases[status] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `Request-Id: ${requestId}`,
    // The parser cannot find the next request's start after an error: the connection ends.
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The HTTP server's `clientError` listener: answers a request Node's parser refused (431 for
 * oversized headers or URL, 400 for a malformed request line or `Content-Length` together with
 * `Transfer-Encoding`, 408 on the request timeout) with the error envelope, then closes the
 * connection. A socket that already sent bytes of a response, or that the peer reset, is only
 * destroyed: writing a second status line into it would corrupt what the client reads.
 */
export function clientErrorHandler(options: { logger: Logger; publicUrl: string }): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    const requestId = `req_${randomBytes(8).toString('hex')}`;
    options.logger.info({ requestId, code: error.code, reason: error.message }, 'request refused by the HTTP parser');
    const written = (socket as Duplex & { bytesWritten?: number }).bytesWritten ?? 0;
    if (error.code === 'ECONNRESET' || !socket.writable || written > 0) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error.code, options.publicUrl, requestId));
  };
}
