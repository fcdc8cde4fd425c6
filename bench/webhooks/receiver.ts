import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** A webhook receiver on 127.0.0.1 that answers 204 at once and counts what it gets. */
export interface Receiver {
  readonly url: string;
  /** Deliveries received so far. */
  count(): Promise<number>;
  /** Resolves once `n` deliveries have been received in all. */
  whenCount(n: number): Promise<void>;
  close(): Promise<void>;
}

/** Where the receiver runs: a process of its own (as a real receiver, which is never in the API client's process), or the bench's own. */
export type ReceiverPlacement = 'process' | 'in-process';

/** The counting HTTP server itself, in whichever process calls it. */
async function listenCounting(): Promise<{ url: string; count: () => number; whenCount: (n: number) => Promise<void>; close: () => Promise<void> }> {
  let received = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(204).end();
      for (const waiter of waiters.filter((w) => received >= w.n)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    count: () => received,
    whenCount: (n) => (received >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Messages between the bench and a receiver process. */
type Ask = { op: 'count' } | { op: 'when'; n: number };
type Request = Ask & { id: number };
type Reply = { id: number; count?: number } | { url: string };

/** Starts a receiver in a child process (default) or in this one. */
export async function startReceiver(placement: ReceiverPlacement = 'process'): Promise<Receiver> {
  if (placement === 'in-process') {
    const local = await listenCounting();
    return { url: local.url, count: () => Promise.resolve(local.count()), whenCount: local.whenCount, close: local.close };
  }
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--receiver'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, { resolve: (reply: { count?: number }) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited: Error | undefined;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      // Nothing asked of a receiver that is gone is ever answered.
      exited = new Error(`webhook receiver exited with ${code}`);
      reject(exited);
      for (const { reject: fail } of pending.values()) fail(exited);
      pending.clear();
    });
    child.on('message', (message: Reply) => {
      if ('url' in message) resolve(message.url);
      else pending.get(message.id)?.resolve(message);
    });
  });
  const ask = (request: Ask): Promise<{ count?: number }> =>
    new Promise((resolve, reject) => {
      if (exited !== undefined) return reject(exited);
      const id = nextId++;
      pending.set(id, {
        resolve: (reply) => {
          pending.delete(id);
          resolve(reply);
        },
        reject,
      });
      child.send({ ...request, id });
    });
  return {
    url,
    count: async () => (await ask({ op: 'count' })).count ?? 0,
    whenCount: async (n) => {
      await ask({ op: 'when', n });
    },
    // The child exits when its channel closes (so it never outlives the bench, however that ends).
    close: async () => {
      if (child.connected) child.disconnect();
      await gone;
    },
  };
}

/** The child's side: listen, tell the parent the address, answer its questions, and exit with the parent's channel. */
async function serveAsChild(): Promise<void> {
  const local = await listenCounting();
  const send = (reply: Reply): void => {
    process.send?.(reply);
  };
  process.on('message', (request: Request) => {
    if (request.op === 'count') send({ id: request.id, count: local.count() });
    else void local.whenCount(request.n).then(() => send({ id: request.id }));
  });
  process.once('disconnect', () => process.exit(0));
  send({ url: local.url });
}

if (process.argv[2] === '--receiver' && process.send !== undefined) await serveAsChild();
