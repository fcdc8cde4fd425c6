import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import type { DocumentObserver } from '../../crdt/index.js';
import type { StorageObserver } from '../../storage/index.js';
import { documentMetrics, storageMetrics } from './persistenceMetrics.js';
import type { WatchedServices } from './serviceMetrics.js';
import { watchServices } from './serviceMetrics.js';

/**
 * The server's Prometheus metrics, in a registry of its own (never prom-client's global one, so
 * several servers in one process do not collide): Node.js process metrics (event-loop delay, GC,
 * memory), HTTP requests by operation, and the observers that lower layers call (storage fsyncs,
 * document appends and compactions). `watch` adds what is read from the services at scrape time.
 * docs/metrics.md lists every metric.
 */
export class ServerMetrics {
  readonly #registry = new Registry();
  readonly #requests: Counter<'operation' | 'status'>;
  readonly #requestSeconds: Histogram<'operation'>;
  /** Hand to the store (`DatabaseOptions.observer`). */
  readonly storage: StorageObserver;
  /** Hand to the document registry (`DocumentRegistryOptions.observer`). */
  readonly documents: DocumentObserver;

  constructor() {
    collectDefaultMetrics({ register: this.#registry });
    this.#requests = new Counter({
      name: 'boards_http_requests_total',
      help: 'HTTP requests answered, by operation (the API operation id, or the group of pages) and status code.',
      labelNames: ['operation', 'status'] as const,
      registers: [this.#registry],
    });
    this.#requestSeconds = new Histogram({
      name: 'boards_http_request_duration_seconds',
      help: 'Time from a request reaching the application to its answer being ready, by operation.',
      labelNames: ['operation'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.#registry],
    });
    this.storage = storageMetrics(this.#registry);
    this.documents = documentMetrics(this.#registry);
  }

  /** Counts one answered request; `operation` must come from a bounded set (never a raw path). */
  observeRequest(operation: string, status: number, seconds: number): void {
    this.#requests.inc({ operation, status: String(status) });
    this.#requestSeconds.observe({ operation }, seconds);
  }

  /** Adds the metrics read from the services when scraped (call once, after they are wired). */
  watch(services: WatchedServices, logger: Logger): void {
    watchServices(this.#registry, services, logger);
  }

  /** The media type of `render`'s text: the Prometheus text format 0.0.4. */
  get contentType(): string {
    return this.#registry.contentType;
  }

  /** Every metric in the Prometheus text format. */
  render(): Promise<string> {
    return this.#registry.metrics();
  }
}
