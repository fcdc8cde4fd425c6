import type { CollectionSpec } from '../Collection.js';

/** A registered OAuth app; the id is its client ID (never reused: deleted apps stay as tombstones). */
export interface OAuthAppRecord {
  id: string;
  workspaceId: string;
  /** The person who registered it. */
  ownerId: string;
  name: string;
  description: string;
  /** Exactly one redirect URI (SPEC "Redirect URIs per app": 1). */
  redirectUri: string;
  scopes: string[];
  /** "Cannot keep a secret": no client secret, PKCE required; fixed at registration. */
  isPublic: boolean;
  /** Hex SHA-256 of the client secret; null for public apps. */
  secretDigest: string | null;
  /** The secret sealed (JWE) under a server key kept outside the store, so the console can reveal it. */
  secretSealed: string | null;
  /** Whether a logo is stored (see `OAuthLogoRecord`). */
  hasLogo: boolean;
  /** Version of the developer terms last accepted for this app. */
  termsVersion: string;
  published: boolean;
  disabledAt: number | null;
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /**
   * How the client came to exist: registered in the developer console (absent: older records),
   * by Dynamic Client Registration (RFC 7591), or named by its Client ID Metadata Document URL.
   * The last two are unverified third parties with no workspace or owner.
   */
  registration?: 'console' | 'dynamic' | 'metadata_document';
  /** Every redirect URI of a dynamic or metadata-document client (`redirectUri` is the first). */
  redirectUris?: string[];
  /** Metadata-document clients: until when the fetched document may be used, epoch ms. */
  metadataExpiresAt?: number;
}

/** A workspace's rules for unverified clients (MCP clients); absent means allowed. */
export interface OAuthWorkspacePolicyRecord {
  /** The workspace id. */
  id: string;
  /** Whether people of the workspace may connect dynamic and metadata-document clients. */
  mcpClientsAllowed: boolean;
  updatedAt: number;
  updatedBy: string;
}

/** An app's logo bytes (kept apart so app lists stay small). */
export interface OAuthLogoRecord {
  /** The app id. */
  id: string;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  base64: string;
}

/** An authorization request waiting for the person's decision on the consent page; single use. */
export interface OAuthPendingRecord {
  id: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  /** Absent (null) when the client sent no `state`. */
  state: string | null;
  codeChallenge: string | null;
  /** The resource (RFC 8707) the token will be bound to; absent or null: unbound (the REST API). */
  resource?: string | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** An authorization code; only its digest is stored. */
export interface OAuthCodeRecord {
  id: string;
  digest: string;
  clientId: string;
  userId: string;
  workspaceId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
  /** The resource (RFC 8707) asked for at authorization; absent or null: unbound. */
  resource?: string | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** The connection the code produced; known from the moment it is consumed. */
  connectionId: string | null;
}

/** A connection: what one person granted one app; access and refresh tokens belong to it. */
export interface OAuthConnectionRecord {
  id: string;
  clientId: string;
  userId: string;
  workspaceId: string;
  scopes: string[];
  /** The audience (RFC 8707 resource) of its access tokens; absent or null: unbound (the REST API). */
  resource?: string | null;
  createdAt: number;
  lastRefreshedAt: number;
  revokedAt: number | null;
}

/** An access or refresh token; only its digest is stored. */
export interface OAuthTokenRecord {
  id: string;
  digest: string;
  kind: 'access' | 'refresh';
  connectionId: string;
  clientId: string;
  scopes: string[];
  createdAt: number;
  expiresAt: number;
  /** Refresh tokens: when it was exchanged for a new pair; a second use is a replay. */
  rotatedAt: number | null;
}

/** A one-time sign-in code sent by email; only its digest is stored. */
export interface SignInCodeRecord {
  id: string;
  email: string;
  digest: string;
  createdAt: number;
  expiresAt: number;
  failedAttempts: number;
  usedAt: number | null;
}

/** Collections of the OAuth aggregate. */
export const oauthCollections = {
  apps: { name: 'oauth_apps', indexes: [{ fields: ['workspaceId', 'createdAt'] }] },
  logos: { name: 'oauth_logos' },
  pending: { name: 'oauth_pending', indexes: [{ fields: ['expiresAt'] }] },
  codes: { name: 'oauth_codes', indexes: [{ fields: ['digest'], unique: true }, { fields: ['clientId'] }] },
  connections: {
    name: 'oauth_connections',
    indexes: [{ fields: ['userId', 'createdAt'] }, { fields: ['clientId'] }],
  },
  tokens: {
    name: 'oauth_tokens',
    indexes: [{ fields: ['digest'], unique: true }, { fields: ['connectionId'] }, { fields: ['clientId'] }],
  },
  workspacePolicies: { name: 'oauth_workspace_policies' },
  signInCodes: { name: 'signin_codes', indexes: [{ fields: ['email', 'createdAt'] }] },
} as const satisfies Record<string, CollectionSpec>;
