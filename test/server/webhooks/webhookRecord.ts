import type { WebhookRecord } from '../../../storage/schema/webhooks.js';

/** A stored, enabled webhook of workspace `wsp_1` owned by `usr_a`, on every board, for tests that work on the store directly. */
export function webhookRecord(id: string, events: string[]): WebhookRecord {
  return {
    id,
    workspaceId: 'wsp_1',
    ownerId: 'usr_a',
    clientId: null,
    url: 'http://127.0.0.1:9/hook',
    events,
    description: '',
    boardIds: null,
    spaceIds: null,
    enabled: true,
    disabledReason: null,
    secretSealed: 'sealed',
    createdAt: 0,
    updatedAt: 0,
  };
}
