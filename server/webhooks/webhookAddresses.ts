import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { BoardsError } from '../../storage/index.js';

/**
 * Address ranges webhooks may not reach unless `BOARDS_WEBHOOKS_ALLOW_PRIVATE=true`: this host,
 * private networks, shared/CGNAT space, link-local (cloud metadata at 169.254.169.254),
 * benchmarking, multicast and reserved space (RFC 6890 special-purpose registries).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True when `address` (an IP literal) is private, loopback, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** Thrown when a webhook host resolves to an address it may not reach. */
export class BlockedAddressError extends BoardsError<'blocked_address'> {
  constructor(readonly host: string, readonly address: string) {
    super('blocked_address', `${host} resolves to ${address}, a private, loopback or link-local address.`);
  }
}

/** Resolves `host` to every address it has (an IP literal resolves to itself). */
export async function resolveHost(host: string): Promise<string[]> {
  if (isIP(host) !== 0) return [host];
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });
}

/**
 * A `lookup` for `http.request` that refuses blocked addresses at connection time, so a name
 * that resolved to a public address when the webhook was made cannot be re-pointed at the
 * server's own network later (DNS rebinding): the address checked is the address connected to.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const opts: { family?: number | string | undefined; all?: boolean | undefined } = options;
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : typeof opts.family === 'number' ? opts.family : 0;
    dnsLookup(hostname, { family, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '');
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused !== undefined) return callback(new BlockedAddressError(hostname, refused.address), '');
      const first = addresses[0];
      if (first === undefined) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      if (opts.all === true) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}
