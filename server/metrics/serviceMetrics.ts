import { Counter, Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { Services } from '../Services.js';

/** The services whose state a scrape reads. */
export type WatchedServices = Pick<Services, 'hub' | 'documents' | 'search' | 'webhookDispatcher' | 'jobs' | 'ai'>;

/** A sample of a metric read at scrape time: its labels and value. */
type Sample<L extends string> = readonly [Partial<Record<L, string>>, number];

/** A gauge whose value is read when scraped (`read` may be async; a failed read leaves the last value and is logged). */
function gaugeOf<L extends string>(registry: Registry, logger: Logger, name: string, help: string, labelNames: readonly L[], read: () => readonly Sample<L>[] | Promise<readonly Sample<L>[]>): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      try {
        for (const [labels, value] of await read()) this.set(labels, value);
      } catch (error) {
        logger.warn({ err: error, metric: name }, 'A metric could not be read');
      }
    },
  });
}

/** A counter whose running total lives in a service and is read when scraped (a number the service increments, nothing more). */
function counterOf<L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[], read: () => readonly Sample<L>[]): void {
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

/**
 * Registers the metrics read from the services' own counters and stats at scrape time: live
 * sync, loaded documents, search-index lag, webhook outbox and delivery failures, jobs by state
 * and AI credits. Nothing here runs between scrapes.
 */
export function watchServices(registry: Registry, services: WatchedServices, logger: Logger): void {
  const { hub, documents, search, webhookDispatcher, jobs, ai } = services;
  gaugeOf(registry, logger, 'boards_sync_connections', 'Live sync (WebSocket) connections now open.', [], () => [[{}, hub.stats().connections]]);
  gaugeOf(registry, logger, 'boards_sync_rooms', 'Boards with at least one live sync connection.', [], () => [[{}, hub.stats().rooms]]);
  counterOf(registry, 'boards_sync_updates_received_total', 'Document updates (sync step 2 and update messages) received from writable live connections.', [], () => [[{}, hub.stats().updatesIn]]);
  counterOf(registry, 'boards_sync_updates_sent_total', 'Document update messages relayed to live connections (one per message and connection).', [], () => [[{}, hub.stats().updatesOut]]);
  gaugeOf(registry, logger, 'boards_documents_loaded', 'Board documents held in memory.', [], () => [[{}, documents.stats().loadedDocuments]]);
  gaugeOf(registry, logger, 'boards_documents_pending_updates', 'Document updates applied in memory and not yet stored.', [], () => [[{}, documents.stats().pendingUpdates]]);
  gaugeOf(registry, logger, 'boards_search_index_lag_seconds', 'Age of the oldest board change the search index does not hold yet (0 when it is up to date).', [], () => [[{}, search.lag().oldestChangeSeconds]]);
  gaugeOf(registry, logger, 'boards_search_index_pending_boards', 'Boards changed and not yet reindexed for search.', [], () => [[{}, search.lag().pendingBoards]]);
  gaugeOf(registry, logger, 'boards_webhook_outbox_pending', 'Webhook deliveries waiting in the outbox (due now or scheduled for a retry).', [], async () => [[{}, await webhookDispatcher.outboxDepth()]]);
  counterOf(registry, 'boards_webhook_attempts_total', 'Webhook delivery attempts, by outcome (success: a 2xx answer; failure: anything else).', ['outcome'], () => {
    const stats = webhookDispatcher.stats();
    return [
      [{ outcome: 'success' }, stats.attemptsSucceeded],
      [{ outcome: 'failure' }, stats.attemptsFailed],
    ];
  });
  counterOf(registry, 'boards_webhook_deliveries_failed_total', 'Webhook deliveries failed for good (their retries used up).', [], () => [[{}, webhookDispatcher.stats().deliveriesFailed]]);
  gaugeOf(registry, logger, 'boards_jobs', 'Background jobs now queued or running.', ['state'], () => {
    const stats = jobs.stats();
    return [
      [{ state: 'queued' }, stats.queued],
      [{ state: 'running' }, stats.running],
    ];
  });
  counterOf(registry, 'boards_jobs_finished_total', 'Background jobs ended, by final state.', ['state'], () => {
    const stats = jobs.stats();
    return [
      [{ state: 'succeeded' }, stats.succeeded],
      [{ state: 'failed' }, stats.failed],
      [{ state: 'canceled' }, stats.canceled],
    ];
  });
  counterOf(registry, 'boards_ai_credits_spent_total', 'AI credits reserved by operations, by operation (refunds are counted apart).', ['operation'], () =>
    Object.entries(ai.creditStats().spent).map(([operation, credits]) => [{ operation }, credits] as const),
  );
  counterOf(registry, 'boards_ai_credits_refunded_total', 'AI credits given back by operations that failed.', [], () => [[{}, ai.creditStats().refunded]]);
}
