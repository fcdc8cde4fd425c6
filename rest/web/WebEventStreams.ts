import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';
import { z } from 'zod';
import { ServiceError, ValidationError } from '../../server/errors.js';
import type { Services } from '../../server/Services.js';
import { SharingWatch } from '../../server/sharing/SharingWatch.js';
import type { SharingTarget, WatchMessage } from '../../server/sharing/SharingWatch.js';
import type { SharingNewsItem } from '../../server/sharing/SharingNews.js';
import { currentSession, readCookie, sessionCookie } from '../oauth/session.js';

/** How long a browser waits before it reconnects a stream that dropped, in ms (the stream's `retry:` field). */
export const webEventRetryMs = 2_000;

const idSchema = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/, { message: 'An id: letters, digits, _ and - only.' });
const eventsQuery = z
  .strictObject({
    board: idSchema.optional().describe('Follow a board: its people and invitations, and your own role on it.'),
    space: idSchema.optional().describe('Follow a space: its people and invitations, and your own role on it.'),
  })
  .refine((q) => (q.board === undefined) !== (q.space === undefined), { path: ['board'], message: 'Name one board or one space to follow.' });

/** One open stream: its person, what it follows, and how to write to it. */
interface OpenStream {
  readonly userId: string;
  readonly sessionToken: string;
  readonly watch: SharingWatch;
  readonly out: ServerResponse;
  nextId: number;
}

/**
 * `GET /web/events?board=…` or `?space=…`: a Server-Sent Events stream (docs/web-events.md) that
 * tells the web app, as it happens, that the people or invitations of the board or space changed
 * (`sharing`), that the person's own role on it changed or ended (`access`; after `role: null`
 * the stream ends), or that news may have been missed (`resync`, also the first event of a stream
 * resumed with `Last-Event-ID`: news is not stored, so a reconnecting page reads everything again).
 * Signed-in sessions only (the session cookie, like `POST /web/token`), same-site requests only;
 * a comment line every `heartbeatMs`, which also checks the session is still valid; at most
 * `streamsPerUser` open streams per person on this process (429 past it).
 */
export class WebEventStreams {
  readonly #services: Services;
  readonly #streams = new Set<OpenStream>();
  readonly #perUser = new Map<string, number>();
  #heartbeat: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(services: Services) {
    this.#services = services;
    services.sharingNews.listen((item) => this.#hear(item));
    services.sharingNews.onStop(() => this.#stop());
  }

  /** Streams open now on this process. */
  get size(): number {
    return this.#streams.size;
  }

  /** Answers `GET /web/events`: refuses in the error envelope (401, 403, 404, 409, 422, 429) or opens the stream. */
  async open(ctx: Context): Promise<void> {
    const fetchSite = ctx.get('Sec-Fetch-Site');
    if (fetchSite !== '' && fetchSite !== 'same-origin') throw new ServiceError('forbidden', "Open the event stream from this site's pages.");
    if (this.#stopped) throw new ServiceError('service_unavailable', 'The server is stopping.');
    const session = await currentSession(ctx, this.#services);
    if (!session) throw new ServiceError('unauthorized', 'Sign in first: there is no session.');
    const parsed = eventsQuery.safeParse(ctx.query);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const target: SharingTarget = parsed.data.board !== undefined ? { resourceType: 'board', resourceId: parsed.data.board } : { resourceType: 'space', resourceId: parsed.data.space ?? '' };
    const { streamsPerUser } = this.#services.config.webEvents;
    if ((this.#perUser.get(session.userId) ?? 0) >= streamsPerUser) {
      ctx.set('Retry-After', '30');
      throw new ServiceError('rate_limited', `At most ${streamsPerUser} event streams may be open at once for one person; close a tab, or retry later.`, {
        details: { retryAfterSeconds: 30 },
      });
    }
    const watch = await SharingWatch.open(this.#services.access, session.userId, target);
    if (this.#stopped) throw new ServiceError('service_unavailable', 'The server is stopping.');
    const out = ctx.res;
    const stream: OpenStream = { userId: session.userId, sessionToken: readCookie(ctx, sessionCookie) ?? '', watch, out, nextId: 1 };
    this.#streams.add(stream);
    this.#perUser.set(session.userId, (this.#perUser.get(session.userId) ?? 0) + 1);
    const closed = (): void => this.#forget(stream);
    ctx.req.once('close', closed);
    out.once('close', closed);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setTimeout(0);
    ctx.status = 200;
    ctx.type = 'text/event-stream; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // nginx buffers proxied answers unless told not to; an event must reach the page at once.
    ctx.set('X-Accel-Buffering', 'no');
    // Written by hand, not as a body stream Koa pipes: a page that leaves is how a stream ends, not an error to report.
    ctx.respond = false;
    out.writeHead(200);
    out.write(`retry: ${webEventRetryMs}\n\n`);
    this.#send(stream, { event: 'access', data: { ...target, ...watch.own } });
    if (ctx.get('Last-Event-ID') !== '') this.#send(stream, { event: 'resync', data: target });
    this.#arm();
  }

  #send(stream: OpenStream, message: WatchMessage): void {
    if (stream.out.writableEnded) return;
    stream.out.write(`id: ${stream.nextId++}\nevent: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
  }

  #hear(item: SharingNewsItem): void {
    for (const stream of this.#streams) {
      stream.watch.hear(item).then(
        (messages) => {
          for (const message of messages) this.#send(stream, message);
          if (stream.watch.ended) stream.out.end();
        },
        (error: unknown) => {
          this.#services.logger.warn({ err: error, userId: stream.userId }, 'A web event stream could not check its rights; it ends, and the page reconnects');
          stream.out.end();
        },
      );
    }
  }

  /** The heartbeat runs while streams are open: a comment line each, and a check that each stream's session still holds. */
  #arm(): void {
    if (this.#heartbeat !== undefined || this.#streams.size === 0) return;
    this.#heartbeat = setInterval(() => void this.#beat(), this.#services.config.webEvents.heartbeatMs);
    this.#heartbeat.unref();
  }

  async #beat(): Promise<void> {
    for (const stream of [...this.#streams]) {
      const holds = await this.#sessionHolds(stream).catch(() => true);
      // A session expired, or a person whose account is gone, ends its streams; a store that failed to answer leaves them be.
      if (!holds) stream.out.end();
      else if (!stream.out.writableEnded) stream.out.write(': heartbeat\n\n');
    }
  }

  async #sessionHolds(stream: OpenStream): Promise<boolean> {
    const session = await this.#services.oauth.sessions.readSession(stream.sessionToken);
    return session !== null && session.userId === stream.userId && (await this.#services.accounts.getUser(session.userId)) !== null;
  }

  #forget(stream: OpenStream): void {
    if (!this.#streams.delete(stream)) return;
    const count = (this.#perUser.get(stream.userId) ?? 1) - 1;
    if (count <= 0) this.#perUser.delete(stream.userId);
    else this.#perUser.set(stream.userId, count);
    if (!stream.out.writableEnded) stream.out.end();
    if (this.#streams.size === 0) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }

  #stop(): void {
    this.#stopped = true;
    for (const stream of [...this.#streams]) {
      stream.out.end();
      this.#forget(stream);
    }
  }
}
