import type { DocumentRegistry } from '../../crdt/index.js';
import { silentLogger } from '../../crdt/documents/Logger.js';
import { LiveUpdates } from '../../crdt/sync/LiveUpdates.js';
import type { SyncConnection } from '../../crdt/sync/SyncConnection.js';

/**
 * The live path of one board as its room runs it (`LiveUpdates`: a client's update taken, then at
 * the end of the turn stored, relayed and applied), without sockets: `send` takes an update and
 * flushes it as the end of the turn would; `relayed` is called for each relay.
 */
export async function liveRoom(documents: DocumentRegistry, boardId: string, relayed: () => void, onApplied: () => void = () => undefined) {
  const lease = await documents.acquire(boardId);
  const client = { actor: { userId: 'usr_b' }, close: () => undefined } as unknown as SyncConnection;
  const live = new LiveUpdates(lease, {
    boardId,
    logger: silentLogger,
    whenStored: () => documents.whenPersisted(boardId),
    relay: relayed,
    scheduleFlush: () => undefined,
    flushSoon: () => undefined,
    applyOrigin: 'room',
    onApplied,
  });
  return {
    send(update: Uint8Array): void {
      live.receive(undefined, update, client);
      live.flush([]);
    },
    close(): void {
      live.dispose();
      lease.release();
    },
  };
}
