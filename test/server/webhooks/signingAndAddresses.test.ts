import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retryDelaysMs } from '../../../server/webhooks/retrySchedule.js';
import { isPrivateAddress } from '../../../server/webhooks/webhookAddresses.js';
import { newWebhookSecret, signWebhook } from '../../../server/webhooks/webhookSigning.js';
import { checkWebhookUrl } from '../../../server/webhooks/webhookUrl.js';
import { ServiceError } from '../../../server/errors.js';

describe('webhook signing (Standard Webhooks)', () => {
  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs so that the standardwebhooks package verifies, and not with another secret', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ id: 'evt_1', type: 'item.created', data: { id: 'itm_1' } });
    const headers = signWebhook(secret, 'msg_1', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
  });
});

describe('webhook addresses', () => {
  it('refuses loopback, private, link-local, CGNAT and mapped private addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', 'not-an-ip']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  async function refusal(url: string, allowPrivate = false): Promise<string> {
    try {
      await checkWebhookUrl(url, allowPrivate);
    } catch (error) {
      expect(error).toBeInstanceOf(ServiceError);
      return (error as ServiceError).code;
    }
    return 'accepted';
  }

  it('accepts https to public addresses; refuses http, credentials, fragments, private addresses and junk', async () => {
    expect(await refusal('https://93.184.216.34/hook')).toBe('accepted');
    expect(await refusal('http://93.184.216.34/hook')).toBe('validation_failed');
    expect(await refusal('https://user:pw@93.184.216.34/hook')).toBe('validation_failed');
    expect(await refusal('https://93.184.216.34/hook#x')).toBe('validation_failed');
    expect(await refusal('https://127.0.0.1/hook')).toBe('validation_failed');
    expect(await refusal('https://[::1]/hook')).toBe('validation_failed');
    expect(await refusal('https://169.254.169.254/latest/meta-data')).toBe('validation_failed');
    expect(await refusal('https://localhost/hook')).toBe('validation_failed');
    expect(await refusal('ftp://93.184.216.34/hook')).toBe('validation_failed');
    expect(await refusal('not a url')).toBe('validation_failed');
  });

  it('with BOARDS_WEBHOOKS_ALLOW_PRIVATE allows local receivers over http, but not http to public hosts', async () => {
    expect(await refusal('http://127.0.0.1:9999/hook', true)).toBe('accepted');
    expect(await refusal('http://localhost:9999/hook', true)).toBe('accepted');
    expect(await refusal('http://93.184.216.34/hook', true)).toBe('validation_failed');
  });
});

describe('retry schedule', () => {
  it('spreads twelve attempts over about three days with bounded jitter, then gives up', () => {
    const total = retryDelaysMs.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(60);
    expect(total / 3_600_000).toBeLessThan(80);
    expect(nextAttemptAt(0, 1, () => 0)).toBe(4_000);
    expect(nextAttemptAt(0, 1, () => 1)).toBe(6_000);
    expect(nextAttemptAt(0, retryDelaysMs.length, () => 0.5)).toBe(86_400_000);
    expect(nextAttemptAt(0, retryDelaysMs.length + 1)).toBeNull();
  });
});
