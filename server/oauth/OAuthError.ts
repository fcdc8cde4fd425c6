import { BoardsError } from '../../storage/index.js';

/** Error codes of the token and revoke endpoints (RFC 6749 5.2). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'server_error';

/** Generic descriptions: every cause of one error code reads the same, so answers leak nothing. */
export const oauthErrorDescriptions: Readonly<Record<OAuthErrorCode, string>> = {
  invalid_request: 'The request is missing a parameter, repeats one, or is otherwise malformed.',
  invalid_client: 'Client authentication failed.',
  invalid_grant: 'The authorization code or refresh token is invalid, expired, revoked or was issued to another client.',
  unauthorized_client: 'The client may not use this grant type.',
  unsupported_grant_type: 'The grant type is not supported.',
  invalid_scope: 'The requested scope is invalid or exceeds the scope granted.',
  invalid_target: 'The requested resource is not served here or differs from the one authorized.',
  server_error: 'Something went wrong on our side; retry later.',
};

/**
 * An error of the token or revoke endpoint, answered as `{error, error_description}` (RFC 6749
 * 5.2). `reason` is the specific cause, for server logs only.
 */
export class OAuthError extends BoardsError<OAuthErrorCode> {
  readonly reason: string;
  /** Set when the client authenticated with HTTP Basic (RFC 6749 5.2: answer `WWW-Authenticate`). */
  readonly viaBasic: boolean;

  constructor(error: OAuthErrorCode, reason: string, options: { viaBasic?: boolean; cause?: unknown } = {}) {
    super(error, oauthErrorDescriptions[error], options);
    this.reason = reason;
    this.viaBasic = options.viaBasic ?? false;
  }

  /** The RFC 6749 `error` value (the same as `code`). */
  get error(): OAuthErrorCode {
    return this.code;
  }

  /** 401 for `invalid_client`, else 400 (500 for `server_error`). */
  get status(): number {
    if (this.code === 'invalid_client') return 401;
    return this.code === 'server_error' ? 500 : 400;
  }
}

/** Codes of the problems an authorization request can have (SPEC "Authorization endpoint errors"). */
export type AuthorizationPageErrorCode =
  | 'invalid_request'
  | 'unknown_client'
  | 'redirect_mismatch'
  | 'invalid_scope'
  | 'pkce_required'
  | 'invalid_pkce'
  | 'in_development'
  | 'disabled'
  | 'expired_request'
  | 'invalid_target'
  | 'client_metadata'
  | 'mcp_clients_off';

/**
 * A problem with an authorization request that is shown on the page and never redirected
 * (SPEC "Authorization endpoint errors"). `title` is what the person reads.
 */
export class AuthorizationPageError extends BoardsError<AuthorizationPageErrorCode> {
  readonly status: number;

  constructor(kind: AuthorizationPageErrorCode, message: string, status = 400) {
    super(kind, message);
    this.status = status;
  }

  /** What went wrong (the same as `code`); picks the page's title. */
  get kind(): AuthorizationPageErrorCode {
    return this.code;
  }
}
