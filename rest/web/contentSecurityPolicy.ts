import { acceptedOrigins } from '../../server/config.js';
import type { Config } from '../../server/config.js';

/**
 * A host and port as a CSP host-source may name them: letters, digits, dots and hyphens.
 * An IPv6 literal (`[::1]:8080`) has no CSP spelling at all (a source naming it is invalid
 * and browsers report it on every page), so such hosts are left to `'self'`.
 */
const cspHost = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?$/;

/** The `ws:`/`wss:` source of an `http(s)://host[:port]` origin, or null when CSP cannot name its host. */
function socketSource(origin: string): string | null {
  const url = new URL(origin);
  if (!cspHost.test(url.host)) return null;
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
}

/**
 * The Content-Security-Policy of the web app's pages. The live socket goes to the page's own
 * host: `'self'` allows it (CSP 3 lets `'self'` match ws/wss of the page's host), and for
 * browsers that predate that the policy also names the service's origins (both loopback names
 * in development) and the address this page was asked for (`host`, the request's `Host`), as
 * ws(s) sources; hosts CSP cannot spell (IPv6 literals, anything malformed) are left out, never
 * written as an invalid source.
 */
export function appContentSecurityPolicy(config: Pick<Config, 'publicUrl' | 'production'>, request: { host: string; secure: boolean }): string {
  const sockets = new Set<string>();
  for (const origin of acceptedOrigins(config)) {
    const source = socketSource(origin);
    if (source !== null) sockets.add(source);
  }
  // The Host header as sent, checked whole (not through URL parsing, which would trim a path or userinfo off it).
  if (cspHost.test(request.host)) sockets.add(`${request.secure ? 'wss' : 'ws'}://${request.host.toLowerCase()}`);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // Image items show pictures from any https address, and uploaded ones through object URLs of bytes fetched with the board token.
    "img-src 'self' https: data: blob:",
    ["connect-src 'self'", ...sockets].join(' '),
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
