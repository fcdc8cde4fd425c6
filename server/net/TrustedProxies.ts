import { BlockList, isIP } from 'node:net';

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`), or the address as given. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** Why an entry of `BOARDS_TRUSTED_PROXIES` is refused, or null when it is an address or a CIDR range. */
export function trustedProxyEntryProblem(entry: string): string | null {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR range`;
  if (bits === undefined) return null;
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128))) return `"${entry}" has a prefix length out of range`;
  return null;
}

/**
 * The proxies whose `X-Forwarded-For` the server believes (`BOARDS_TRUSTED_PROXIES`). A request's
 * client address is its socket's peer unless that peer is a trusted proxy; then the header is read
 * from its right end, and the first address that is not a trusted proxy is the client. An address
 * a client wrote into the header itself is therefore never taken unless every hop after it is
 * trusted. With no proxy trusted (the default) the header is ignored.
 */
export class TrustedProxies {
  readonly #list = new BlockList();
  readonly #empty: boolean;

  /** `entries`: IP addresses and CIDR ranges, each already checked with {@link trustedProxyEntryProblem}. */
  constructor(entries: readonly string[]) {
    this.#empty = entries.length === 0;
    for (const entry of entries) {
      const [address = '', bits] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.#list.addAddress(address, type);
      else this.#list.addSubnet(address, Number(bits), type);
    }
  }

  /** Whether `address` (v4, v6 or v4-mapped v6) is one of the trusted proxies. */
  trusts(address: string): boolean {
    const plain = plainAddress(address);
    const family = isIP(plain);
    if (family === 0) return false;
    return this.#list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }

  /** The client's address for a request whose socket peer is `peer` and whose `X-Forwarded-For` is `forwardedFor`. */
  clientAddress(peer: string, forwardedFor: string | string[] | undefined): string {
    const direct = plainAddress(peer);
    if (this.#empty || forwardedFor === undefined || !this.trusts(direct)) return direct;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((hop) => plainAddress(hop.trim()))
      .filter((hop) => hop !== '');
    let client = direct;
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      // A hop that is not an address ends the walk: what stands left of it cannot be checked.
      const hop = hops[i] ?? '';
      if (isIP(hop) === 0) return client;
      client = hop;
      if (!this.trusts(client)) return client;
    }
    return client;
  }
}
