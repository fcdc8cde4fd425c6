import type { OAuthAppRecord } from '../../storage/schema/oauth.js';
import { constantTimeEqual, digestSecret } from '../auth/secrets.js';
import { OAuthError } from './OAuthError.js';

/** Client credentials as presented at the token or revoke endpoint. */
export interface PresentedClient {
  /** From HTTP Basic, already form-urldecoded (RFC 6749 2.3.1). */
  basic: { clientId: string; secret: string } | null;
  /** `client_id` form field. */
  clientId: string | null;
  /** `client_secret` form field. */
  clientSecret: string | null;
}

/** Compared against when the client is unknown, so both answers take the same work (no enumeration). */
const dummyDigest = digestSecret('bds_cs_dummy-secret-for-unknown-clients');

/**
 * Authenticates the client of a token or revoke request (RFC 6749 2.3, 3.2.1). Throws
 * `invalid_request` for two mechanisms or disagreeing IDs, `invalid_client` for an unknown,
 * disabled or deleted app, a missing or wrong secret, or any secret from an app without one.
 */
export async function authenticateClient(
  presented: PresentedClient,
  findApp: (clientId: string) => Promise<OAuthAppRecord | null>,
): Promise<OAuthAppRecord> {
  const viaBasic = presented.basic !== null;
  if (presented.basic && presented.clientSecret !== null) {
    throw new OAuthError('invalid_request', 'client authenticated with Basic and client_secret at once');
  }
  if (presented.basic && presented.clientId !== null && presented.clientId !== presented.basic.clientId) {
    throw new OAuthError('invalid_request', 'Basic client_id differs from the body client_id');
  }
  const clientId = presented.basic?.clientId ?? presented.clientId;
  if (clientId === null || clientId === '') throw new OAuthError('invalid_request', 'client_id missing');
  const secret = presented.basic?.secret ?? presented.clientSecret;
  const app = await findApp(clientId);
  const usable = app !== null && app.deletedAt === null && app.disabledAt === null ? app : null;
  if (usable?.isPublic) {
    // RFC 6749 10.1: public clients are never issued secrets, so a presented one is an error.
    if (secret !== null) throw new OAuthError('invalid_client', 'secret presented by a public client', { viaBasic });
    return usable;
  }
  const matches = constantTimeEqual(digestSecret(secret ?? ''), usable?.secretDigest ?? dummyDigest);
  if (!usable || secret === null || !matches) {
    throw new OAuthError('invalid_client', usable ? 'missing or wrong client secret' : 'unknown, disabled or deleted client', { viaBasic });
  }
  return usable;
}
