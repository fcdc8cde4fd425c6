import type { UserRecord, WorkspaceRecord } from '../../storage/schema/accounts.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { PlanLimits, PlanName } from '../accounts/plans.js';
import { plans } from '../accounts/plans.js';
import type { CreditsView, UsageService } from '../accounts/UsageService.js';
import type { Principal } from '../auth/Principal.js';
import { requireWorkspaceAdmin } from '../auth/Principal.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { SourceService, SourceView } from '../sources/SourceService.js';

/** Notification settings of a workspace. */
export type NotificationSettings = WorkspaceRecord['notificationSettings'];

/** The operations of the Me group, for the person behind a principal. */
export class MeService {
  readonly #accounts: AccountService;
  readonly #usage: UsageService;
  readonly #sources: SourceService;
  readonly notifications: NotificationService;

  constructor(deps: {
    accounts: AccountService;
    usage: UsageService;
    notifications: NotificationService;
    sources: SourceService;
  }) {
    this.#accounts = deps.accounts;
    this.#usage = deps.usage;
    this.notifications = deps.notifications;
    this.#sources = deps.sources;
  }

  /** The workspace's AI wallet and message quota this month. */
  async credits(principal: Principal): Promise<CreditsView> {
    return this.#usage.credits(principal.workspace.id, principal.workspace.plan);
  }

  /** What the workspace's plan allows. */
  limits(principal: Principal): { plan: PlanName; limits: PlanLimits } {
    return { plan: principal.workspace.plan, limits: plans[principal.workspace.plan] };
  }

  /** The workspace's notification settings. */
  notificationSettings(principal: Principal): NotificationSettings {
    return principal.workspace.notificationSettings;
  }

  /** Replaces the workspace's notification settings; workspace owners and admins only. */
  async setNotificationSettings(principal: Principal, settings: NotificationSettings): Promise<NotificationSettings> {
    requireWorkspaceAdmin(principal);
    const workspace = await this.#accounts.setNotificationSettings(principal.workspace.id, settings);
    return workspace.notificationSettings;
  }

  /** Sets the person's own name (trimmed by the caller's schema); the updated person. */
  async setName(principal: Principal, name: string): Promise<UserRecord> {
    return this.#accounts.setUserName(principal.user.id, name);
  }

  /** Source connectors with this person's connection state. */
  async sources(principal: Principal): Promise<SourceView[]> {
    return this.#sources.list(principal.user.id);
  }
}
