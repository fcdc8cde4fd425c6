/** What a board or space's event stream says (`GET /web/events`, docs/web-events.md). */
export type SharingEvent =
  /** The person's own rights on it; `role` null once they ended (the stream then stops). */
  | { readonly event: 'access'; readonly role: string | null; readonly canEdit: boolean; readonly canComment: boolean }
  /** Its people or pending invitations changed: read them again. */
  | { readonly event: 'sharing' }
  /** News may have been missed (the stream was away): read everything again. */
  | { readonly event: 'resync' };

/** What is followed: a board or a space, by id. */
export interface FollowTarget {
  readonly kind: 'board' | 'space';
  readonly id: string;
}

/** The first wait before opening again a stream the server refused or ended; doubled up to `maxRetryMs`. */
const firstRetryMs = 2_000;
const maxRetryMs = 60_000;

/** One stream per target in the page, shared by everything that follows it (the board page and its Share dialog). */
class Channel {
  readonly listeners = new Set<(event: SharingEvent) => void>();
  readonly #url: string;
  #source: EventSource | null = null;
  #openedBefore = false;
  #retryMs = firstRetryMs;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #ended = false;

  constructor(target: FollowTarget) {
    this.#url = `/web/events?${target.kind}=${encodeURIComponent(target.id)}`;
    document.addEventListener('visibilitychange', this.#onVisibility);
    if (document.visibilityState !== 'hidden') this.#connect();
  }

  close(): void {
    this.#ended = true;
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#suspend();
  }

  /**
   * A hidden tab lets its stream go and opens it again when shown (its listeners then get the
   * server's `access` and a `resync`): over HTTP/1.1 a browser holds at most six connections to
   * one site, and background tabs must not take them from the one in front.
   */
  readonly #onVisibility = (): void => {
    if (this.#ended) return;
    if (document.visibilityState === 'hidden') this.#suspend();
    else if (this.#source === null && this.#timer === undefined) this.#connect();
  };

  #suspend(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#source?.close();
    this.#source = null;
  }

  #connect(): void {
    const source = new EventSource(this.#url);
    this.#source = source;
    source.onopen = () => {
      this.#retryMs = firstRetryMs;
      // Opened again after a drop: what was said meanwhile is lost, so whoever listens reads again.
      if (this.#openedBefore) this.#tell({ event: 'resync' });
      this.#openedBefore = true;
    };
    source.onerror = () => {
      // The browser reconnects by itself (CONNECTING) after a drop; a refusal (401, 404, 429) or a stream it gave up on is CLOSED.
      if (source.readyState !== EventSource.CLOSED || this.#ended || this.#source !== source) return;
      source.close();
      this.#source = null;
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#connect();
      }, this.#retryMs);
      this.#retryMs = Math.min(this.#retryMs * 2, maxRetryMs);
    };
    source.addEventListener('access', (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as { role: string | null; canEdit: boolean; canComment: boolean };
      this.#tell({ event: 'access', role: data.role, canEdit: data.canEdit, canComment: data.canComment });
      if (data.role === null) this.close();
    });
    source.addEventListener('sharing', () => this.#tell({ event: 'sharing' }));
    source.addEventListener('resync', () => this.#tell({ event: 'resync' }));
  }

  #tell(event: SharingEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

const channels = new Map<string, Channel>();

/**
 * Calls `listener` with what the server says about `target` as it happens (no polling): one
 * EventSource per target in the page, opened with the first listener and closed with the last.
 * A dropped stream is opened again (by the browser, or after a growing wait when the server
 * refused it) and listeners get `resync`. Returns the function that stops listening.
 */
export function followSharing(target: FollowTarget, listener: (event: SharingEvent) => void): () => void {
  const key = `${target.kind}:${target.id}`;
  let channel = channels.get(key);
  if (channel === undefined) {
    channel = new Channel(target);
    channels.set(key, channel);
  }
  const own = channel;
  own.listeners.add(listener);
  return () => {
    own.listeners.delete(listener);
    if (own.listeners.size > 0 || channels.get(key) !== own) return;
    channels.delete(key);
    own.close();
  };
}
