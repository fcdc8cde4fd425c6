import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the fake endpoint. */
export type FakeAnswer =
  | { readonly kind: 'json'; readonly content: string; readonly refusal?: string }
  | { readonly kind: 'status'; readonly status: number; readonly headers?: Record<string, string>; readonly body?: unknown }
  /** Never answers (a hang past the client's timeout); closed when the server stops. */
  | { readonly kind: 'hang' };

/** A request the fake endpoint received. */
export interface FakeRequest {
  readonly authorization: string | undefined;
  readonly body: { model?: string; messages?: { role: string; content: string }[]; response_format?: { type: string } };
}

/** An OpenAI-compatible Chat Completions endpoint on 127.0.0.1 that answers from a script (tests and the AI bench). */
export interface FakeOpenAiServer {
  /** `http://127.0.0.1:<port>/v1` */
  readonly baseUrl: string;
  readonly requests: FakeRequest[];
  /** Milliseconds between the last request's arrival and its answer being written. */
  lastAnswerMs(): number;
  /** Requests held by a `hang` answer that are still open. */
  held(): number;
  /** Requests held by a `hang` answer that the caller gave up on (closed the connection). */
  dropped(): number;
  /** Queues answers; when the queue is empty, `fallback` answers. */
  script(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

function completion(content: string, refusal: string | null): unknown {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: 'fake-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: refusal ? null : content, refusal } }],
    usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
  };
}

/** Starts the fake endpoint; `fallback` answers any request the script does not cover. */
export async function startFakeOpenAi(fallback: (request: FakeRequest) => FakeAnswer): Promise<FakeOpenAiServer> {
  const queue: FakeAnswer[] = [];
  const requests: FakeRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let lastAnswerMs = 0;
  let dropped = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const arrived = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: FakeRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeRequest['body'];
      } catch {
        body = {};
      }
      const request: FakeRequest = { authorization: req.headers.authorization, body };
      requests.push(request);
      const answer = queue.shift() ?? fallback(request);
      if (answer.kind === 'hang') {
        hanging.add(res);
        res.on('close', () => {
          if (hanging.delete(res)) dropped += 1;
        });
        return;
      }
      if (answer.kind === 'status') {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(JSON.stringify(answer.body ?? { error: { message: `status ${answer.status}`, type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(completion(answer.content, answer.refusal ?? null)));
      lastAnswerMs = performance.now() - arrived;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    lastAnswerMs: () => lastAnswerMs,
    held: () => hanging.size,
    dropped: () => dropped,
    script: (...answers) => void queue.push(...answers),
    close: async () => {
      const open = [...hanging];
      hanging.clear();
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
