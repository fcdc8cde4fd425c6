import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** A person the test identity provider knows, by login name. */
export interface ProviderPerson {
  email: string;
  emailVerified: boolean;
  name?: string;
}

/** A real OpenID provider (oidc-provider) on 127.0.0.1 with one confidential client. */
export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>` */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Errors the provider reported (for failure messages). */
  errors: string[];
  /** How each token request authenticated the client: `basic`, `body` or `none`. */
  tokenAuth: string[];
  stop(): Promise<void>;
}

/**
 * Starts oidc-provider with its development login and consent pages (`devInteractions`): the
 * login form accepts any password and signs in the account named by `login`. The client uses
 * the provider's defaults (`client_secret_basic`, code flow, PKCE required). With
 * `idTokenClaims` false (the provider's default, `conformIdTokenClaims`), the ID token of the
 * code flow carries only `sub` and email and name come from the userinfo endpoint.
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  people: Record<string, ProviderPerson>;
  idTokenClaims?: boolean;
}): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'boards-test.client_1';
  const clientSecret = 'secret~with-unreserved_chars.and+plus';
  const errors: string[] = [];
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.idTokenClaims !== true,
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    findAccount(_ctx, sub) {
      const person = options.people[sub];
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: person.email, email_verified: person.emailVerified, ...(person.name ? { name: person.name } : {}) }),
      };
    },
  });
  for (const event of ['server_error', 'grant.error', 'authorization.error', 'userinfo.error']) {
    provider.on(event, (...args: unknown[]) => {
      const error = args.find((a) => a instanceof Error);
      errors.push(`${event}: ${error instanceof Error ? error.message : 'unknown'}`);
    });
  }
  const tokenAuth: string[] = [];
  provider.use(async (ctx, next) => {
    if (ctx.method === 'POST' && ctx.path === '/token') {
      tokenAuth.push(ctx.get('authorization').startsWith('Basic ') ? 'basic' : ctx.get('content-length') !== '' ? 'body' : 'none');
    }
    await next();
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    errors,
    tokenAuth,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie as a browser keeps it. */
interface StoredCookie {
  host: string;
  path: string;
  name: string;
  value: string;
  attributes: string;
}

/**
 * A small browser cookie jar: cookies by host (host-only), path prefix and name; `Max-Age=0`
 * or a past `Expires` removes one. `Secure` is honoured as browsers do for loopback (sent over
 * http to 127.0.0.1).
 */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  /** Keeps the cookies a response sets. */
  store(url: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const attributes = attrs.map((a) => a.trim()).join('; ');
      const attr = (key: string) => attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const defaultPath = url.pathname.slice(0, Math.max(1, url.pathname.lastIndexOf('/')));
      const path = attr('path') ?? defaultPath;
      const key = `${url.host} ${path} ${name}`;
      const maxAge = attr('max-age');
      const expires = attr('expires');
      const expired = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { host: url.host, path, name, value, attributes });
    }
  }

  /** The `Cookie` header a browser would send to this URL. */
  header(url: URL): string {
    const matches = [...this.#cookies.values()].filter(
      (c) => c.host === url.host && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
    );
    return matches.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  /** The stored cookie of this name for the URL's host, or undefined. */
  get(url: string, name: string): StoredCookie | undefined {
    const host = new URL(url).host;
    return [...this.#cookies.values()].find((c) => c.host === host && c.name === name);
  }

  /** A copy (a second browser with the same cookies). */
  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [key, cookie] of this.#cookies) copy.#cookies.set(key, { ...cookie });
    return copy;
  }
}

/** Where a browse ended: a page, or a redirect the caller asked to stop at. */
export interface Visit {
  url: URL;
  status: number;
  page: string;
  /** Every URL requested, in order. */
  trail: URL[];
  /** Set-Cookie lines of every response, in order. */
  setCookies: string[];
}

/**
 * Requests `url` like a browser without JavaScript: sends the jar's cookies, keeps the ones
 * set, follows redirects (a 303 or 302 after a POST becomes a GET) until a page or until
 * `stopAt` matches the next URL (which is then returned unrequested with status 0).
 */
export async function browse(
  jar: CookieJar,
  start: string | URL,
  options: { form?: Record<string, string>; headers?: Record<string, string>; stopAt?: (url: URL) => boolean } = {},
): Promise<Visit> {
  let url = new URL(start);
  let form = options.form;
  const trail: URL[] = [];
  const setCookies: string[] = [];
  for (let hop = 0; hop < 20; hop += 1) {
    if (options.stopAt?.(url)) return { url, status: 0, page: '', trail, setCookies };
    trail.push(url);
    const headers: Record<string, string> = { ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}), ...(hop === 0 ? options.headers : {}) };
    const cookie = jar.header(url);
    if (cookie) headers.Cookie = cookie;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers,
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    jar.store(url, response);
    setCookies.push(...response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      form = undefined;
      continue;
    }
    return { url, status: response.status, page: await response.text(), trail, setCookies };
  }
  throw new Error(`too many redirects from ${String(start)}`);
}

/** The one form of an oidc-provider interaction page: its absolute action. */
export function providerFormAction(visit: Visit): URL {
  const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(visit.page)?.[1];
  if (!action) throw new Error(`no form on the provider page ${visit.url.href} (${visit.status}):\n${visit.page.slice(0, 1500)}`);
  return new URL(action.replace(/&amp;/g, '&'), visit.url);
}

/** The href of the sign-in page's "Continue with <name>" link. */
export function providerLink(page: string, name: string): string {
  const match = new RegExp(`<a class="button" href="([^"]+)">Continue with ${name}</a>`).exec(page);
  if (!match?.[1]) throw new Error(`no "Continue with ${name}" link in:\n${page.slice(0, 2000)}`);
  return match[1].replace(/&amp;/g, '&');
}
