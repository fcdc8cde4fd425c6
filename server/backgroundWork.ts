import { withLease } from '../storage/index.js';
import { orphanRecoveryLease } from './cluster/OrphanRecovery.js';
import type { Services } from './Services.js';
import { releaseMemoryWhenIdle } from './idleMemory.js';

/**
 * Starts the background work of a server over its services: it recovers what the previous
 * process left (jobs cut off, digests a crash interrupted, the events of live edits), then runs
 * the idle document sweep, the sweep of expired idempotency keys, the trash purge, the notification sweeps and the webhook dispatcher.
 * Only `startServer` calls it, once, before it accepts requests: `boards admin` builds the same
 * services and never starts any of this, so a command run beside a server on the same store
 * attempts no delivery and sweeps nothing a second time. `services.close()` stops it all.
 */
export async function startBackgroundWork(services: Services): Promise<void> {
  const { jobs, logger } = services;
  const interrupted = await jobs.recoverInterrupted();
  if (interrupted > 0) logger.warn({ jobs: interrupted }, 'failed jobs cut off by the last stop (interrupted) and refunded their credits');
  services.documents.startSweeping();
  releaseMemoryWhenIdle(services.documents, { store: services.db });
  services.idempotency.start();
  services.trash.start();
  await services.notificationDelivery.sweeper.start();
  services.webhookDispatcher.start();
  // Before live connections are accepted: the events of live edits a crash cut off reach every subscriber.
  // With several processes, under the lease of the recovery of stopped processes: a process that
  // starts while another recovers the same rows would emit their events twice. When a running
  // process holds it, that process recovers them.
  const recoverLiveEdits = (): Promise<unknown> => services.liveEdits.recover();
  const { cluster } = services;
  const recovered = cluster.shared ? withLease(cluster.leases, orphanRecoveryLease.name, orphanRecoveryLease.ttlMs, recoverLiveEdits) : recoverLiveEdits();
  await recovered.catch((error: unknown) => logger.error({ err: error }, 'live edit events could not be recovered'));
  // With several processes: what a process that dies leaves is settled by the others.
  services.orphans?.start();
  services.peerWatch?.start();
}
