import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; createdAt: string; workspaceId: string; boardId?: string; data: Record<string, unknown> };
}

/** A local webhook receiver on 127.0.0.1 that records what it gets and answers as told. */
export interface TestReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** How to answer the next requests: a status, or `hang` to never answer. */
  respond: (answer: number | 'hang') => void;
  close(): Promise<void>;
}

/** Starts a receiver; it answers 204 until told otherwise. */
export async function startReceiver(): Promise<TestReceiver> {
  const received: ReceivedDelivery[] = [];
  const hanging: ServerResponse[] = [];
  let answer: number | 'hang' = 204;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, json: JSON.parse(body) as ReceivedDelivery['json'] });
      if (answer === 'hang') hanging.push(response);
      else response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 300 ? 'receiver says no' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    respond: (next) => {
      answer = next;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
