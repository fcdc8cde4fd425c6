import { createHmac, randomBytes } from 'node:crypto';

/** Prefix of webhook signing secrets (Standard Webhooks: `whsec_` + base64 of the key). */
export const webhookSecretPrefix = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return webhookSecretPrefix + randomBytes(32).toString('base64');
}

/** The headers of one signed delivery, per the Standard Webhooks specification. */
export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs `body` for delivery `id` at `timestampSeconds`: HMAC-SHA256 keyed with the secret's
 * decoded bytes over `${id}.${timestamp}.${body}`, sent as `v1,<base64>`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): SignedHeaders {
  const key = Buffer.from(secret.startsWith(webhookSecretPrefix) ? secret.slice(webhookSecretPrefix.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': `v1,${signature}` };
}
