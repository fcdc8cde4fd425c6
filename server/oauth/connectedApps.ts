import type { GrantService } from './GrantService.js';
import type { OAuthAppService } from './OAuthAppService.js';

/** One app a person has connected, as "Connected apps" lists it. */
export interface ConnectedApp {
  clientId: string;
  name: string;
  description: string;
  hasLogo: boolean;
  /** Union of the scopes granted over the person's live connections to the app. */
  scopes: string[];
  /** When the person first connected it (of the live connections). */
  connectedAt: number;
  lastUsedAt: number;
}

/** The apps a person has live connections to, most recently connected first. */
export async function connectedApps(grants: GrantService, apps: OAuthAppService, userId: string): Promise<ConnectedApp[]> {
  const byApp = new Map<string, ConnectedApp>();
  for (const connection of await grants.connectionsOf(userId)) {
    const existing = byApp.get(connection.clientId);
    if (existing) {
      existing.scopes = [...new Set([...existing.scopes, ...connection.scopes])];
      existing.connectedAt = Math.min(existing.connectedAt, connection.createdAt);
      existing.lastUsedAt = Math.max(existing.lastUsedAt, connection.lastRefreshedAt);
      continue;
    }
    const app = await apps.find(connection.clientId);
    if (!app || app.deletedAt !== null) continue;
    byApp.set(connection.clientId, {
      clientId: app.id,
      name: app.name,
      description: app.description,
      hasLogo: app.hasLogo,
      scopes: [...connection.scopes],
      connectedAt: connection.createdAt,
      lastUsedAt: connection.lastRefreshedAt,
    });
  }
  return [...byApp.values()];
}
