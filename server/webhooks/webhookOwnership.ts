import type { Clock, Collection, Database } from '../../storage/index.js';
import type { OAuthConnectionRecord } from '../../storage/schema/oauth.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import type { WebhookRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';
import type { DomainEvents } from '../events/DomainEvents.js';

/** Why the service disabled a webhook whose maker can no longer act (see `WebhookRecord.disabledReason`). */
export const ownershipDisabledReasons = {
  /** The OAuth app connection that made it ended and the person has no other connection to the app. */
  connectionEnded: 'connection_ended',
  /** Its owner is no longer a member of its workspace (an API key's owner left). */
  ownerLeft: 'owner_left',
} as const;

/**
 * Disables webhooks whose maker can no longer act for their owner (issue "Subscriptions"): those an
 * OAuth app made once the person's last connection to the app ends, and every webhook of a person
 * removed from the workspace. They stay (listed, with `disabledReason`) so the owner can see why;
 * `PATCH {"enabled": true}` by someone who may act again turns one back on; `changed` is called
 * after webhooks were disabled (`WebhookSubscriptions.changed`). Returns the unsubscriber.
 */
export function disableOrphanedWebhooks(db: Database, events: DomainEvents, clock: Clock, changed?: () => Promise<void>): () => void {
  const webhooks: Collection<WebhookRecord> = db.collection<WebhookRecord>(webhookCollections.webhooks);
  const disable = async (filter: Parameters<typeof webhooks.updateMany>[0], reason: string): Promise<void> => {
    if ((await webhooks.updateMany({ ...filter, enabled: true }, { $set: { enabled: false, disabledReason: reason, updatedAt: clock.now() } })) > 0) await changed?.();
  };
  const connections: Collection<OAuthConnectionRecord> = db.collection<OAuthConnectionRecord>(oauthCollections.connections);
  const offConnection = events.on('oauth.connection.ended', async (event) => {
    // Counted again now rather than trusted from the event: two connections to the app ending
    // together were each counted while the other was live. Each is heard after its own store, so
    // the hearing of the last one to end finds none left.
    if (event.appStillConnected && (await connections.count({ userId: event.userId, clientId: event.clientId, revokedAt: null })) > 0) return;
    await disable({ workspaceId: event.workspaceId, ownerId: event.userId, clientId: event.clientId }, ownershipDisabledReasons.connectionEnded);
  });
  const offMember = events.on('workspace.member.removed', async (event) => {
    await disable({ workspaceId: event.workspaceId, ownerId: event.userId }, ownershipDisabledReasons.ownerLeft);
  });
  return () => {
    offConnection();
    offMember();
  };
}
