import { isIP } from 'node:net';
import { errors } from '../errors.js';
import { isPrivateAddress, resolveHost } from './webhookAddresses.js';

/** Longest webhook URL, in characters. */
export const maxWebhookUrlChars = 2048;

/**
 * Checks a webhook URL and returns it normalised: `https` only (`http` only for loopback and
 * private hosts when `allowPrivate`), no credentials, no fragment, and a host that resolves only
 * to public addresses unless `allowPrivate`. 422 naming `field` otherwise.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean, field = 'url'): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw errors.invalid(field, 'must be an absolute URL');
  }
  if (raw.length > maxWebhookUrlChars) throw errors.invalid(field, `must be at most ${maxWebhookUrlChars} characters`);
  if (url.username !== '' || url.password !== '') throw errors.invalid(field, 'must not contain credentials');
  if (url.hash !== '') throw errors.invalid(field, 'must not contain a #fragment');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:') {
    const local = host === 'localhost' || (isIP(host) !== 0 && isPrivateAddress(host));
    if (!allowPrivate || !local) throw errors.invalid(field, 'must use https (http only for local receivers in development)');
  } else if (url.protocol !== 'https:') {
    throw errors.invalid(field, 'must use https');
  }
  if (allowPrivate) return url.toString();
  let addresses: string[];
  try {
    addresses = await resolveHost(host);
  } catch {
    throw errors.invalid(field, 'has a host name that does not resolve');
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw errors.invalid(field, 'must not point at a private, loopback or link-local address');
  }
  return url.toString();
}
