import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';

/** Default board-update quiet period and email period of the test servers here. */
export const quietMs = 60_000;
export const emailMs = 120_000;

/** Environment that sets the two notification periods. */
export const notificationEnv = { BOARDS_NOTIFICATIONS_QUIET_MS: String(quietMs), BOARDS_NOTIFICATIONS_EMAIL_MS: String(emailMs) };

/** Sets a person's notification settings (their own workspace). */
export async function setSettings(t: TestServer, user: TestUser, settings: { emailEnabled?: boolean; boardUpdates?: boolean; comments?: boolean }): Promise<void> {
  const res = await t.api(user.key, 'PUT', '/me/notification-settings', {
    emailEnabled: settings.emailEnabled ?? false,
    events: { comments: settings.comments ?? true, replies: true, shares: true, boardUpdates: settings.boardUpdates ?? false },
  });
  if (res.status !== 200) throw new Error(`settings failed: ${res.status} ${await res.text()}`);
}

/** A person's notifications (newest first). */
export async function notificationsOf(t: TestServer, user: TestUser): Promise<Body[]> {
  return (await json(t.api(user.key, 'GET', '/me/notifications?limit=100'))).data as Body[];
}

/** Shares a board with a person as `role`. */
export async function share(t: TestServer, owner: TestUser, boardId: string, user: TestUser, role: string): Promise<void> {
  const res = await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: user.email, role });
  if (res.status >= 300) throw new Error(`share failed: ${res.status} ${await res.text()}`);
}
