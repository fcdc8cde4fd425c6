import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Credential type prefixes (DESIGN: the service prefix `bds_` + type). */
export const credentialPrefixes = {
  apiKey: 'bds_ak_',
  accessToken: 'bds_at_',
  refreshToken: 'bds_rt_',
  clientSecret: 'bds_cs_',
} as const;

/** A new opaque credential: the prefix and 256 random bits in base64url. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Hex SHA-256 of a credential: the only form in which credentials are stored. */
export function digestSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
