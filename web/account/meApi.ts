import { api } from '../api.js';
import type { TokenSource } from '../api.js';

/** `GET /v1/me` as the account pages read it. */
export interface Me {
  readonly user: { readonly id: string; readonly email: string; readonly name: string; readonly nameChosen: boolean };
  readonly workspace: { readonly id: string; readonly name: string; readonly role: 'owner' | 'admin' | 'member' };
}

/** The workspace's notification settings (`/v1/me/notification-settings`). */
export interface NotificationSettings {
  emailEnabled: boolean;
  events: { comments: boolean; replies: boolean; shares: boolean; boardUpdates: boolean };
}

/** The signed-in person. */
export function getMe(tokens: TokenSource): Promise<Me> {
  return api<Me>(tokens, 'GET', '/me');
}

/** Sets the person's name; the answer is the updated person. */
export function setName(tokens: TokenSource, name: string): Promise<Me> {
  return api<Me>(tokens, 'PATCH', '/me', { name });
}
