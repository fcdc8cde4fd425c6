/** Plan names, cheapest first. */
export const planNames = ['basic', 'pro', 'business'] as const;
/** A workspace plan. */
export type PlanName = (typeof planNames)[number];

/** What a plan allows. `null` means no limit. */
export interface PlanLimits {
  /** Spaces the workspace may own (SPEC: the basic plan has one). */
  spaces: number | null;
  /** Deleted boards go to trash and can be restored (paid plans); on basic a delete is permanent. */
  trashAndRestore: boolean;
  /** Days a space or board stays in trash before it is purged. */
  trashRetentionDays: number;
  /** Custom AI skills may be created (paid plans). */
  customSkills: boolean;
  /** Custom AI skills the workspace may hold (all its people together); 0 where custom skills are not offered. */
  customSkillsPerWorkspace: number;
  /** AI credits per calendar month (UTC), shared by the workspace. */
  aiCreditsPerMonth: number;
  /** AI assistant messages per calendar month (UTC), shared by the workspace. */
  aiMessagesPerMonth: number;
  /** OAuth apps the workspace may register. */
  oauthApps: number;
  /** People a space or board may be shared with. */
  membersPerSpace: number | null;
  /** Items a single board may hold; at most the document layer's own cap (`maxItemsPerBoard`, 25,000). */
  itemsPerBoard: number;
  /** Boards may be shared through public links. */
  publicLinks: boolean;
  /** Webhook subscriptions the workspace may hold (all its people together). */
  webhooks: number;
}

/** The plan table: every plan number lives here and is served by `GET /me/limits`. */
export const plans: Readonly<Record<PlanName, Readonly<PlanLimits>>> = Object.freeze({
  basic: Object.freeze({
    spaces: 1,
    trashAndRestore: false,
    trashRetentionDays: 30,
    customSkills: false,
    customSkillsPerWorkspace: 0,
    aiCreditsPerMonth: 100,
    aiMessagesPerMonth: 25,
    oauthApps: 25,
    membersPerSpace: 10,
    itemsPerBoard: 10_000,
    publicLinks: true,
    webhooks: 5,
  }),
  pro: Object.freeze({
    spaces: 100,
    trashAndRestore: true,
    trashRetentionDays: 30,
    customSkills: true,
    customSkillsPerWorkspace: 100,
    aiCreditsPerMonth: 2_000,
    aiMessagesPerMonth: 500,
    oauthApps: 25,
    membersPerSpace: 100,
    itemsPerBoard: 25_000,
    publicLinks: true,
    webhooks: 25,
  }),
  business: Object.freeze({
    spaces: null,
    trashAndRestore: true,
    trashRetentionDays: 30,
    customSkills: true,
    customSkillsPerWorkspace: 1_000,
    aiCreditsPerMonth: 10_000,
    aiMessagesPerMonth: 5_000,
    oauthApps: 25,
    membersPerSpace: null,
    itemsPerBoard: 25_000,
    publicLinks: true,
    webhooks: 100,
  }),
});

/** True when `value` names a plan. */
export function isPlanName(value: string): value is PlanName {
  return (planNames as readonly string[]).includes(value);
}
