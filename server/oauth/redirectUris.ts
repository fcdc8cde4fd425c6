import { isIP } from 'node:net';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks a redirect URI offered at registration (RFC 6749 3.1.2, RFC 9700 2.6, SPEC "Redirect
 * URI"): absolute, `https` (or `http` on a loopback host for development), no fragment, no
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
    if (!loopbackHosts.has(url.hostname)) return 'must use https (http only for localhost and 127.0.0.1)';
  } else if (url.protocol !== 'https:') {
    return 'must use https (http only for localhost and 127.0.0.1)';
  }
  if (url.href !== value) return `must be written in normal form: ${url.href}`;
  if (value.length > 2000) return 'must be at most 2000 characters';
  return null;
}

/**
 * Why a redirect URI cannot be published: it must be `https` on a domain name of the
 * developer's (not a loopback host or an IP address, not the service's own host). Null when fine.
 */
export function publishableRedirectProblem(value: string, serviceHost: string): string | null {
  const url = new URL(value);
  if (url.protocol !== 'https:') return 'must use https to publish';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (loopbackHosts.has(url.hostname) || isIP(host) !== 0 || !host.includes('.') || host.endsWith('.localhost')) {
    return "must be on the developer's own domain (not localhost or an IP address) to publish";
  }
  if (host === serviceHost) return "must be on the developer's own domain, not the service's";
  return null;
}
