import type { UserRecord, WorkspaceRecord } from '../../storage/schema/accounts.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { SessionService } from '../signin/SessionService.js';

/** How long the unsubscribe link of a notification email works: 60 days. */
export const unsubscribeLinkLifetimeMs = 60 * 86_400_000;

/** Path of the unsubscribe page (outside `/v1`: people open it from an email, without a token). */
export const unsubscribePath = '/notifications/unsubscribe';

const tokenType = 'notification_unsubscribe';

/** Whom a valid unsubscribe link is for. */
export interface UnsubscribeTarget {
  user: UserRecord;
  workspace: WorkspaceRecord;
}

/**
 * The unsubscribe links of notification emails. A link carries a token signed with the server's
 * session key (jose, HS256) for one purpose only (`typ: notification_unsubscribe`), naming the
 * person and their own workspace, valid for 60 days; it is useless for anything else, and any
 * other signed value (a session, a CSRF token) is refused here. Following it turns off notification
 * emails of the person's own workspace (the settings that govern their notifications), which only
 * that person owns.
 */
export class UnsubscribeLinks {
  readonly #sessions: SessionService;
  readonly #accounts: AccountService;
  readonly #publicUrl: string;

  constructor(deps: { sessions: SessionService; accounts: AccountService; publicUrl: string }) {
    this.#sessions = deps.sessions;
    this.#accounts = deps.accounts;
    this.#publicUrl = deps.publicUrl;
  }

  /** The unsubscribe URL for a person's notification emails. */
  async link(user: UserRecord): Promise<string> {
    const token = await this.#sessions.sign(tokenType, { uid: user.id, wid: user.workspaceId }, unsubscribeLinkLifetimeMs);
    return `${this.#publicUrl}${unsubscribePath}?token=${encodeURIComponent(token)}`;
  }

  /** Whom a token is for; null when it is missing, forged, tampered with, expired, of another purpose, or its person or workspace is gone. */
  async read(token: string | undefined): Promise<UnsubscribeTarget | null> {
    const claims = await this.#sessions.verify(tokenType, token);
    if (!claims || typeof claims.uid !== 'string' || typeof claims.wid !== 'string') return null;
    const user = await this.#accounts.getUser(claims.uid);
    if (!user || user.workspaceId !== claims.wid) return null;
    const workspace = await this.#accounts.getWorkspace(claims.wid).catch(() => null);
    return workspace ? { user, workspace } : null;
  }

  /** Turns notification emails off for the person a valid token names; null (nothing changed) for an invalid one. */
  async unsubscribe(token: string | undefined): Promise<UnsubscribeTarget | null> {
    const target = await this.read(token);
    if (!target) return null;
    const settings = target.workspace.notificationSettings;
    if (!settings.emailEnabled) return target;
    const workspace = await this.#accounts.setNotificationSettings(target.workspace.id, { ...settings, emailEnabled: false });
    return { user: target.user, workspace };
  }
}
