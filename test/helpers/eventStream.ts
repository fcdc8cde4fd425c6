import { expect, vi } from 'vitest';

/** One Server-Sent Event as received. */
export interface ReceivedEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** A `GET /web/events` stream read by a test: every event so far, comments counted. */
export interface TestEventStream {
  readonly status: number;
  readonly headers: Headers;
  readonly events: ReceivedEvent[];
  /** Comment lines (heartbeats) received. */
  readonly comments: () => number;
  /** Resolves once the server ended the stream. */
  readonly ended: Promise<void>;
  /** Waits until an event matching `match` arrived (after those already `taken`), and returns it. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

/** Opens `/web/events?<query>` on `url` with `headers` (a session cookie) and reads it as the browser would. */
export async function openEventStream(url: string, query: string, headers: Record<string, string> = {}): Promise<TestEventStream> {
  const abort = new AbortController();
  const response = await fetch(`${url}/web/events?${query}`, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  let comments = 0;
  let taken = 0;
  const ended = (async () => {
    if (!response.ok || response.body === null) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments += 1;
            else {
              const colon = line.indexOf(':');
              fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
            }
          }
          const data = fields.get('data');
          if (data !== undefined) events.push({ id: fields.get('id') ?? null, event: fields.get('event') ?? 'message', data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments: () => comments,
    ended,
    async next(match, timeoutMs = 10_000) {
      const found = await vi.waitFor(
        () => {
          const index = events.findIndex((event, i) => i >= taken && match(event));
          expect(index, `no matching event among ${JSON.stringify(events.slice(taken))}`).toBeGreaterThanOrEqual(0);
          return index;
        },
        { timeout: timeoutMs, interval: 20 },
      );
      taken = found + 1;
      return events[found] as ReceivedEvent;
    },
    close: () => abort.abort(),
  };
}
