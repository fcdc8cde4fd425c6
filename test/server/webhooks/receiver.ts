import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; createdAt: string; workspaceId: string; boardId?: string; data: Record<string, unknown> };
  /** The status the sender got in full; undefined while held, or when the sender gave up (timed out, exited) first. */
  answered?: number;
  /** How many requests with the same `webhook-id` were held, their senders still waiting, when this one arrived. */
  alongside: number;
}

/** A local webhook receiver on 127.0.0.1 that records what it gets and answers as told. */
export interface TestReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** How to answer the next requests: a status, or `hang` to never answer. */
  respond: (answer: number | 'hang') => void;
  /** Answers every request held by `hang` whose sender still waits with `status`, and the next ones too. */
  release: (status: number) => void;
  close(): Promise<void>;
}

/** Starts a receiver; it answers 204 until told otherwise. */
export async function startReceiver(): Promise<TestReceiver> {
  const received: ReceivedDelivery[] = [];
  const hanging: { response: ServerResponse; delivery: ReceivedDelivery }[] = [];
  const answer = (response: ServerResponse, delivery: ReceivedDelivery, status: number): void => {
    response.on('finish', () => {
      delivery.answered = status;
    });
    response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'receiver says no' : '');
  };
  let next: number | 'hang' = 204;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = request.headers['webhook-id'];
      const alongside = hanging.filter((held) => held.delivery.headers['webhook-id'] === id && !held.response.socket?.destroyed).length;
      const delivery: ReceivedDelivery = { headers: request.headers, body, json: JSON.parse(body) as ReceivedDelivery['json'], alongside };
      received.push(delivery);
      if (next === 'hang') hanging.push({ response, delivery });
      else answer(response, delivery, next);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    respond: (answerNext) => {
      next = answerNext;
    },
    release: (status) => {
      next = status;
      for (const { response, delivery } of hanging.splice(0)) {
        if (!response.socket?.destroyed) answer(response, delivery, status);
      }
    },
    close: async () => {
      for (const { response } of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
