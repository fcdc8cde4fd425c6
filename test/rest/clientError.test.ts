import { once } from 'node:events';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientErrorHandler, clientErrorResponse } from '../../rest/clientError.js';
import type { TestServer } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/** What the server answered to `raw`, read until it closes the connection. */
async function rawExchange(raw: string): Promise<string> {
  const url = new URL(t.url);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The server may close before reading all of a huge request: a reset on our side is expected.
  socket.on('error', () => undefined);
  socket.write(raw);
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('utf8');
}

/** Splits a raw HTTP response into status, lower-cased headers and parsed JSON body. */
function parse(response: string): { status: number; headers: Record<string, string>; body: { error: Record<string, string>; requestId: string } } {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as never };
}

/** Asserts the envelope, its headers and a served docs page. */
async function expectRawEnvelope(response: string, status: number, code: string): Promise<void> {
  const { status: got, headers, body } = parse(response);
  expect(got).toBe(status);
  expect(headers['content-type']).toBe('application/json; charset=utf-8');
  expect(headers['connection']).toBe('close');
  expect(body.error['code']).toBe(code);
  expect(body.error['message']).toEqual(expect.any(String));
  expect(body.requestId).toMatch(/^req_[0-9a-f]{16}$/);
  expect(headers['request-id']).toBe(body.requestId);
  expect(Number(headers['content-length'])).toBe(Buffer.byteLength(response.split('\r\n\r\n')[1] ?? ''));
  expect((await fetch(body.error['docsUrl'] ?? '')).status).toBe(200);
}

describe('requests refused by the HTTP parser answer in the error envelope', () => {
  test('431 headers_too_large for a 20 KB header', async () => {
    const response = await rawExchange(`GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await expectRawEnvelope(response, 431, 'headers_too_large');
  });

  test('431 headers_too_large for a 70,000-character URL', async () => {
    const response = await rawExchange(`GET /v1/boards?q=${'b'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await expectRawEnvelope(response, 431, 'headers_too_large');
  });

  test('400 bad_request for Content-Length together with Transfer-Encoding (request smuggling)', async () => {
    const response = await rawExchange(
      'POST /v1/boards HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    );
    await expectRawEnvelope(response, 400, 'bad_request');
  });

  test('400 bad_request for a malformed request line', async () => {
    await expectRawEnvelope(await rawExchange('NOT A REQUEST\r\n\r\n'), 400, 'bad_request');
    await expectRawEnvelope(await rawExchange('GET /v1/me HTTP/9.9\r\nHost: x\r\n\r\n'), 400, 'bad_request');
  });

  test('the server answers normally after refusing a request', async () => {
    await rawExchange('NOT A REQUEST\r\n\r\n');
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});

describe('the clientError listener', () => {
  const logger = pino({ level: 'silent' });

  test('408 request_timeout when the request was not received in time', () => {
    const { status, body } = parse(clientErrorResponse('ERR_HTTP_REQUEST_TIMEOUT', 'http://h', 'req_00'));
    expect(status).toBe(408);
    expect(body.error).toEqual({ code: 'request_timeout', message: expect.any(String), docsUrl: 'http://h/docs/errors/request_timeout' });
  });

  test('413 payload_too_large for oversized chunk extensions', () => {
    expect(parse(clientErrorResponse('HPE_CHUNK_EXTENSIONS_OVERFLOW', 'http://h', 'req_00')).status).toBe(413);
  });

  test('a socket that already sent part of a response is destroyed, not written to', () => {
    const socket = Object.assign(new PassThrough(), { bytesWritten: 12 });
    const written: unknown[] = [];
    socket.on('data', (chunk) => written.push(chunk));
    clientErrorHandler({ logger, publicUrl: 'http://h' })(Object.assign(new Error('bad'), { code: 'HPE_INVALID_METHOD' }), socket);
    expect(socket.destroyed).toBe(true);
    expect(written).toEqual([]);
  });

  test('a reset connection is destroyed without an answer', () => {
    const socket = new PassThrough();
    const writes: unknown[] = [];
    socket.on('data', (chunk) => writes.push(chunk));
    clientErrorHandler({ logger, publicUrl: 'http://h' })(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket);
    expect(socket.destroyed).toBe(true);
    expect(writes).toEqual([]);
  });
});
