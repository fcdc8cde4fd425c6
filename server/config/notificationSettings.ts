import { positiveInt, trueOrFalse, type Parsed } from './readers.js';

/** The variables of what the server sends out: notifications to people, webhooks to integrations. */
export const notificationVariables = {
  BOARDS_NOTIFICATIONS_QUIET_MS: positiveInt('a positive whole number of milliseconds').default(300_000),
  BOARDS_NOTIFICATIONS_EMAIL_MS: positiveInt('a positive whole number of milliseconds').default(900_000),
  BOARDS_WEBHOOKS_ALLOW_PRIVATE: trueOrFalse().default('false'),
};

/** Notifications and webhooks (part of `Config`). */
export interface NotificationConfig {
  /** Webhook delivery settings. */
  readonly webhooks: {
    /**
     * `BOARDS_WEBHOOKS_ALLOW_PRIVATE=true` allows `http` URLs and private, loopback and link-local
     * addresses (development and tests only: it lets webhooks reach the server's own network).
     * OAuth Client ID Metadata Documents follow the same rule (docs/oauth.md "MCP clients").
     * Default false.
     */
    readonly allowPrivate: boolean;
  };
  /** Timing of notifications (docs/notifications.md). */
  readonly notifications: {
    /** `BOARDS_NOTIFICATIONS_QUIET_MS`: changes to a board within this long after the first make one `board_update` per person. Default 5 min. */
    readonly boardUpdateQuietMs: number;
    /** `BOARDS_NOTIFICATIONS_EMAIL_MS`: a person's oldest unsent notification waits this long before their digest email goes out. Default 15 min. */
    readonly emailDigestMs: number;
  };
}

/** The notification and webhook settings of parsed variables. */
export function notificationConfig(e: Parsed<typeof notificationVariables>): NotificationConfig {
  return {
    notifications: Object.freeze({ boardUpdateQuietMs: e.BOARDS_NOTIFICATIONS_QUIET_MS, emailDigestMs: e.BOARDS_NOTIFICATIONS_EMAIL_MS }),
    webhooks: Object.freeze({ allowPrivate: e.BOARDS_WEBHOOKS_ALLOW_PRIVATE === 'true' }),
  };
}
