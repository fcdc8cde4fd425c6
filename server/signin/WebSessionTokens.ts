import type { AccessService } from '../access/AccessService.js';
import type { Role } from '../access/roles.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { CredentialResolver } from '../auth/Authenticator.js';
import type { Principal } from '../auth/Principal.js';
import type { Scope } from '../auth/scopes.js';
import { isScope } from '../auth/scopes.js';
import { errors } from '../errors.js';
import type { Session, SessionService } from './SessionService.js';

/** Prefix of web session tokens: the service prefix `bds_` + `wt_`. */
export const webTokenPrefix = 'bds_wt_';

/** Web session tokens last 10 minutes; the web app asks for a new one before that. */
export const webTokenLifetimeMs = 10 * 60 * 1000;

const tokenType = 'web_token';

/** Scopes of a board token for commenters and above. */
const boardScopes: readonly Scope[] = ['user:read', 'boards:read', 'boards:write'];
/** Scopes of a token asked for without a board: the dashboard's, and the account page's, which changes the person's own name and notification settings. */
const dashboardScopes: readonly Scope[] = [...boardScopes, 'user:write'];

/** Scopes a board token adds for the board's AI assistant and skills panels. */
const boardAiScopes: readonly Scope[] = ['ai:write', 'skills:read'];

/** A token handed to the web app. */
export interface IssuedWebToken {
  /** `bds_wt_` + a signed value; a bearer credential for `/v1` and `/v1/sync`. */
  readonly token: string;
  readonly expiresAtMs: number;
  readonly scopes: readonly Scope[];
  /** The person's role on the board asked for, when one was. */
  readonly role: Role | null;
  /** True when the person may change the board's items (editor and above, the board unlocked for them); false without a board. */
  readonly canEdit: boolean;
  /** True when the person may add comment pins and replies (commenter and above); false without a board. */
  readonly canComment: boolean;
}

/**
 * Short-lived bearer tokens for the browser app, issued to a signed-in session (the page holds
 * no API key). Stateless (jose, HS256, the session key): `sub`-like `uid`, the session id and the
 * scopes. A token for a board carries only what the person's role there allows (`boards:write`
 * for commenters and above, whom the role still limits to comments), so a viewer's page cannot
 * write through REST or the socket; every request and connection still checks the person's
 * current role (commenters' sockets are read-only). A board token also carries `ai:write` and
 * `skills:read` for the AI panel: readers may ask, and the role limits generate, modify and
 * apply to editors. Tokens are never stored or logged.
 */
export class WebSessionTokens {
  readonly #sessions: SessionService;
  readonly #accounts: AccountService;
  readonly #access: AccessService;
  readonly #now: () => number;

  constructor(options: { sessions: SessionService; accounts: AccountService; access: AccessService; now: () => number }) {
    this.#sessions = options.sessions;
    this.#accounts = options.accounts;
    this.#access = options.access;
    this.#now = options.now;
  }

  /** A token for the session; with `boardId`, scoped to the person's role on that board plus the AI scopes (404 when they cannot read it). */
  async issue(session: Session, boardId?: string): Promise<IssuedWebToken> {
    let scopes: readonly Scope[] = dashboardScopes;
    let role: Role | null = null;
    let canEdit = false;
    let canComment = false;
    if (boardId !== undefined) {
      const access = await this.#access.boardAccess(session.userId, boardId);
      if (!access?.canRead) throw errors.notFound('Board');
      role = access.role;
      canEdit = access.canEdit;
      canComment = access.canComment;
      // The board's AI panel: readers may ask (the role still limits generate, modify and apply to editors).
      const roleScopes: readonly Scope[] = access.canComment ? boardScopes : ['user:read', 'boards:read'];
      scopes = [...roleScopes, ...boardAiScopes];
    }
    const value = await this.#sessions.sign(
      tokenType,
      { uid: session.userId, sid: session.sid, scope: scopes.join(' ') },
      webTokenLifetimeMs,
    );
    return { token: `${webTokenPrefix}${value}`, expiresAtMs: this.#now() + webTokenLifetimeMs, scopes, role, canEdit, canComment };
  }

  /**
   * What the web app uses to open `boardId` through a public link (no session): the link token
   * itself, which opens live sync only, with the scopes its role allows; `expiresAtMs` is when the
   * page should ask again, so a disabled or expired link stops working there too. 404 when the
   * link does not open the board (unknown, disabled, expired, in trash, or another board's).
   */
  async forLink(link: string, boardId: string): Promise<IssuedWebToken & { readonly guestId: string }> {
    const access = await this.#access.publicLinkAccess(link, boardId);
    if (!access) throw errors.notFound('Board');
    const scopes: readonly Scope[] = access.role === 'editor' ? ['boards:read', 'boards:write'] : ['boards:read'];
    // A link token opens live sync only: guests edit through the socket (editor links) but cannot comment through REST.
    return {
      token: link,
      expiresAtMs: this.#now() + webTokenLifetimeMs,
      scopes,
      role: access.role,
      canEdit: access.role === 'editor',
      canComment: false,
      guestId: `link:${access.via.resourceType}:${access.via.id}`,
    };
  }

  /** Resolves `bds_wt_` tokens for the authenticator: the person in their own workspace with the token's scopes. */
  resolver(): CredentialResolver {
    return async (secret) => {
      const claims = await this.#sessions.verify(tokenType, secret.slice(webTokenPrefix.length));
      if (!claims || typeof claims.uid !== 'string' || typeof claims.sid !== 'string' || typeof claims.scope !== 'string') return null;
      const person = await this.#accounts.getUser(claims.uid);
      // The person's own workspace, with them and their membership of it read again together.
      const member = person && (await this.#accounts.memberInWorkspace(person.id, person.workspaceId));
      if (!member) return null;
      const { user, membership, workspace } = member;
      const principal: Principal = {
        user,
        workspace,
        workspaceRole: membership.role,
        scopes: new Set(claims.scope.split(' ').filter(isScope)),
        credential:
          typeof claims.exp === 'number'
            ? { kind: 'web_session', id: `ses_${claims.sid}`, expiresAtMs: claims.exp * 1000 }
            : { kind: 'web_session', id: `ses_${claims.sid}` },
      };
      return principal;
    };
  }
}
