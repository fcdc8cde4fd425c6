/** Header the token endpoint requires: a custom header forces a CORS preflight, so other sites cannot send it. */
const csrfHeader = { 'X-Requested-With': 'boards-web' };

/** The signed-in person, as the token endpoint describes them. */
export interface WebUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/** A short-lived bearer token for `/v1` and `/v1/sync`, from `POST /web/token`. */
export interface WebToken {
  readonly token: string;
  readonly expiresAt: string;
  readonly scopes: readonly string[];
  /** The person's role on the board asked for, or null. */
  readonly role: string | null;
  /** True when the page may change the board's items (editor and above). */
  readonly canEdit: boolean;
  /** True when the page may add comments and replies (commenter and above); they go through REST. */
  readonly canComment: boolean;
  readonly user: WebUser;
}

/** An API error: the HTTP status and the envelope's code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  return new ApiError(response.status, body?.error?.code ?? 'unknown', body?.error?.message ?? response.statusText);
}

/**
 * False when the server said the page was asked for without a session (`<meta name="boards-session"
 * content="signed-out">`): then there is no token to ask for, and asking would only be refused.
 */
function pageHasSession(): boolean {
  return document.querySelector('meta[name="boards-session"]')?.getAttribute('content') !== 'signed-out';
}

/** The waits before each new try of a token request that failed for a passing reason (about 15 s in all). */
const tokenRetryMs = [500, 1000, 2000, 4000, 8000];

/** An answer's `Retry-After` in ms, when it gives seconds under 8 s. */
function retryAfterMs(response: Response | undefined): number | undefined {
  const seconds = Number(response?.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 && seconds < 8 ? seconds * 1000 : undefined;
}

/** Refresh a token this long before it expires. */
const refreshMarginMs = 60_000;

/**
 * The session's tokens: asks `POST /web/token` (session cookie + CSRF header) for a token,
 * for the dashboard or for one board, and asks again shortly before it expires.
 */
export class TokenSource {
  readonly #boardId: string | undefined;
  readonly #link: string | undefined;
  #current: WebToken | null = null;
  #pending: Promise<WebToken> | null = null;
  #prefetched: Promise<WebToken> | null = null;

  /** With `link` (a public link token), the board opens without a session, with the link's rights. */
  constructor(boardId?: string, link?: string) {
    this.#boardId = boardId;
    this.#link = link;
  }

  /** Starts asking for a token now, so it is on its way while the page renders; the next `get` answers with it. */
  prefetch(): void {
    const first = this.get();
    first.catch(() => undefined);
    this.#prefetched = first;
  }

  /** A valid token; throws ApiError 401 when nobody is signed in (without asking when the page says so). */
  async get(): Promise<WebToken> {
    const prefetched = this.#prefetched;
    if (prefetched) {
      this.#prefetched = null;
      return prefetched;
    }
    const current = this.#current;
    if (current && Date.parse(current.expiresAt) - Date.now() > refreshMarginMs) return current;
    this.#pending ??= this.#fetch().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /** Forgets the current token (after the server refused it). */
  invalidate(): void {
    this.#current = null;
  }

  /**
   * Asks for a token, and asks again while the failure is a passing one (no answer, 429, 5xx: a
   * server restarting or busy, a store away for a moment), after `tokenRetryMs` or the answer's
   * `Retry-After` when shorter than 8 s: the page keeps saying it is connecting, as the live
   * connection does while it reconnects, instead of giving up on the first hiccup.
   */
  async #fetch(): Promise<WebToken> {
    // A signed-out visit knows it without a request that answers 401 (a public link needs no session).
    if (this.#link === undefined && !pageHasSession()) throw new ApiError(401, 'unauthorized', 'Sign in first: there is no session.');
    for (let attempt = 0; ; attempt += 1) {
      let response: Response | undefined;
      let error: unknown;
      try {
        response = await fetch('/web/token', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { ...csrfHeader, 'Content-Type': 'application/json' },
          body: JSON.stringify({ boardId: this.#boardId, link: this.#link }),
        });
        if (response.ok) {
          this.#current = (await response.json()) as WebToken;
          return this.#current;
        }
        error = await failure(response);
      } catch (thrown) {
        error = thrown;
      }
      const passing = response === undefined || response.status === 429 || response.status >= 500;
      const wait = tokenRetryMs[attempt];
      if (!passing || wait === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(response) ?? wait));
    }
  }
}

/** Calls the `/v1` API with a token from `tokens`; JSON in and out, errors as ApiError. */
export async function api<T>(tokens: TokenSource, method: string, path: string, body?: unknown): Promise<T> {
  const { token } = await tokens.get();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!response.ok) {
    if (response.status === 401) tokens.invalidate();
    throw await failure(response);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Where the sign-in page is, returning to the current page. */
export function signInUrl(): string {
  return `/oauth/signin?return_to=${encodeURIComponent(location.pathname + location.search)}`;
}

/** The public link token of a shared address (`/boards/<id>#link=<token>`), if the page was opened with one. */
export function linkFromAddress(hash: string): string | undefined {
  const link = new URLSearchParams(hash.replace(/^#/, '')).get('link');
  return link !== null && link.startsWith('bds_pl_') ? link : undefined;
}
