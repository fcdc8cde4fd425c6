import { isIP } from 'node:net';

const httpRule = 'must use https (http only on a loopback host: localhost, 127.0.0.0/8 or [::1])';

/**
 * The one loopback rule for `http` redirect URIs (SPEC allows http for localhost and
 * 127.0.0.1 during development; every loopback name is treated alike, RFC 8252 §7.3 and §8.3):
 * `localhost`, any IPv4 address in 127.0.0.0/8, and `[::1]`.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
}

/**
 * Checks a redirect URI offered at registration (RFC 6749 3.1.2, RFC 9700 2.6, SPEC "Redirect
 * URI"): absolute, `https` (or `http` on a loopback host, see `isLoopbackHost`), no fragment, no
 * userinfo, no wildcard, written in normal form so that matching can be exact string equality.
 * Returns the problem, or null when it is acceptable.
 */
export function redirectUriProblem(value: string): string | null {
  if (/\s/.test(value)) return 'must be exactly one URI, without spaces';
  if (value.includes('*')) return 'must not contain a wildcard';
  if (value.includes('#')) return 'must not contain a #fragment';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URI such as https://app.example/callback';
  }
  if (url.username !== '' || url.password !== '' || /^[a-z]+:\/\/[^/]*@/i.test(value)) return 'must not contain user information';
  if (url.protocol === 'http:') {
    if (!isLoopbackHost(url.hostname)) return httpRule;
  } else if (url.protocol !== 'https:') {
    return httpRule;
  }
  if (url.href !== value) return `must be written in normal form: ${url.href}`;
  if (value.length > 2000) return 'must be at most 2000 characters';
  return null;
}

/**
 * Whether an authorization request's `redirect_uri` matches the registered one: exact string
 * equality, except that an app that cannot keep a secret, registered with an `http` loopback URI,
 * may use any port (RFC 8252 §7.3: a native app listens on an ephemeral port). Everything else
 * (scheme, host, path, query) must still be identical, and the URI written in normal form.
 */
export function redirectUriMatches(registered: string, requested: string, appIsPublic: boolean): boolean {
  if (requested === registered) return true;
  if (!appIsPublic) return false;
  let want: URL;
  let got: URL;
  try {
    want = new URL(registered);
    got = new URL(requested);
  } catch {
    return false;
  }
  if (want.protocol !== 'http:' || !isLoopbackHost(want.hostname)) return false;
  if (got.href !== requested || got.username !== '' || got.password !== '' || requested.includes('#')) return false;
  want.port = got.port;
  return want.href === requested;
}

/**
 * Why a redirect URI cannot be published: it must be `https` on a domain name of the
 * developer's (not a loopback host or an IP address, not the service's own host). Null when fine.
 */
export function publishableRedirectProblem(value: string, serviceHost: string): string | null {
  const url = new URL(value);
  if (url.protocol !== 'https:') return 'must use https to publish';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLoopbackHost(url.hostname) || isIP(host) !== 0 || !host.includes('.') || host.endsWith('.localhost')) {
    return "must be on the developer's own domain (not localhost or an IP address) to publish";
  }
  if (host === serviceHost) return "must be on the developer's own domain, not the service's";
  return null;
}
