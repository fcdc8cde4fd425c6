import { describe, expect, test } from 'vitest';
import { TrustedProxies, trustedProxyEntryProblem } from '../../../server/net/TrustedProxies.js';

describe('TrustedProxies', () => {
  const proxies = new TrustedProxies(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);

  test('the socket peer is the client when it is not a trusted proxy, whatever the header says', () => {
    expect(proxies.clientAddress('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(proxies.clientAddress('::ffff:203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  test('behind trusted proxies, the first untrusted hop from the right is the client', () => {
    expect(proxies.clientAddress('127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(proxies.clientAddress('::ffff:127.0.0.1', '198.51.100.1, 10.1.2.3')).toBe('198.51.100.1');
    // The client wrote the left part itself; the trusted proxy appended what it saw.
    expect(proxies.clientAddress('127.0.0.1', '1.2.3.4, 198.51.100.1')).toBe('198.51.100.1');
    expect(proxies.clientAddress('fd00::1', '2001:db8::7')).toBe('2001:db8::7');
    expect(proxies.clientAddress('127.0.0.1', ['1.2.3.4', '198.51.100.1'])).toBe('198.51.100.1');
  });

  test('a trusted proxy without the header, or with nothing usable in it, is itself the client', () => {
    expect(proxies.clientAddress('127.0.0.1', undefined)).toBe('127.0.0.1');
    expect(proxies.clientAddress('127.0.0.1', ' , ')).toBe('127.0.0.1');
    expect(proxies.clientAddress('127.0.0.1', 'unknown')).toBe('127.0.0.1');
    expect(proxies.clientAddress('127.0.0.1', 'not-an-ip, 10.0.0.5')).toBe('10.0.0.5');
    // Every hop trusted: the leftmost one is the best known client.
    expect(proxies.clientAddress('127.0.0.1', '10.0.0.4, 10.0.0.5')).toBe('10.0.0.4');
  });

  test('with no proxy trusted the header is ignored', () => {
    expect(new TrustedProxies([]).clientAddress('127.0.0.1', '198.51.100.1')).toBe('127.0.0.1');
  });

  test('entries: addresses and CIDR ranges of both families, and what is refused', () => {
    for (const good of ['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', 'fd00::/8', '2001:db8::/128']) expect(trustedProxyEntryProblem(good)).toBeNull();
    expect(trustedProxyEntryProblem('nginx')).toMatch(/not an IP address/);
    expect(trustedProxyEntryProblem('10.0.0.0/33')).toMatch(/prefix length/);
    expect(trustedProxyEntryProblem('::/129')).toMatch(/prefix length/);
    expect(trustedProxyEntryProblem('10.0.0.0/x')).toMatch(/prefix length/);
    expect(trustedProxyEntryProblem('10.0.0.0/8/1')).toMatch(/not an IP address/);
  });
});
