import type { DomainEventMap, DomainEventType } from './eventTypes.js';

/** A subscriber of one event type; may return a promise, which `emit` waits for. */
export type DomainEventListener<K extends DomainEventType> = (payload: DomainEventMap[K]) => void | Promise<unknown>;

/** What `emit` answers when nothing is left to wait for. */
const settled: Promise<void> = Promise.resolve();

/** What a listener failure is reported to (a pino logger fits). */
export interface DomainEventLogger {
  error(context: object, message: string): void;
}

/**
 * The one in-process bus of domain events (DESIGN "Domain events"). Services `emit` after a
 * change is stored; activity, search, notifications, recent boards and webhooks `on` it.
 *
 * - Listeners run in the order they subscribed, each called synchronously by `emit`.
 * - `emit` resolves once every listener (and the promise it returned) has settled, so a service
 *   that awaits it answers only after, say, the webhook outbox row is written; `emit` never rejects.
 * - A listener that throws or rejects is logged with the event type and board id and does not
 *   stop the emitter or the other listeners.
 */
export class DomainEvents {
  readonly #listeners = new Map<DomainEventType, Set<(payload: never) => void | Promise<unknown>>>();
  readonly #logger: DomainEventLogger;

  constructor(logger: DomainEventLogger) {
    this.#logger = logger;
  }

  /** Subscribes `listener` to `type`; returns the function that unsubscribes it (idempotent). */
  on<K extends DomainEventType>(type: K, listener: DomainEventListener<K>): () => void {
    let set = this.#listeners.get(type);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(type, set);
    }
    // A wrapper per subscription, so the same function may subscribe twice and leave once per call.
    const entry = (payload: never): void | Promise<unknown> => listener(payload);
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  /** Subscribes `listener` to several types at once; returns one function that unsubscribes all. */
  onEach<K extends DomainEventType>(types: readonly K[], listener: (type: K, payload: DomainEventMap[K]) => void | Promise<unknown>): () => void {
    const offs = types.map((type) => this.on(type, (payload) => listener(type, payload)));
    return () => {
      for (const off of offs) off();
    };
  }

  /**
   * Delivers `payload` to every listener of `type`; resolves when all have settled (never rejects).
   * When every listener returned at once (no promise), the answer is a promise already resolved:
   * a batch emits a hundred item events, most of which no listener has work for.
   */
  emit<K extends DomainEventType>(type: K, payload: DomainEventMap[K]): Promise<void> {
    const set = this.#listeners.get(type);
    if (set === undefined || set.size === 0) return settled;
    let pending: Promise<unknown>[] | undefined;
    // A listener may unsubscribe (or subscribe another) while this runs: the set as it was is called.
    for (const listener of [...set]) {
      try {
        const result = (listener as DomainEventListener<K>)(payload);
        if (result !== undefined) (pending ??= []).push(result.catch((error: unknown) => this.#failed(type, payload, error)));
      } catch (error) {
        this.#failed(type, payload, error);
      }
    }
    if (pending === undefined) return settled;
    return Promise.all(pending).then(() => undefined);
  }

  /** How many listeners `type` has (for diagnostics and tests). */
  listenerCount(type: DomainEventType): number {
    return this.#listeners.get(type)?.size ?? 0;
  }

  #failed(type: DomainEventType, payload: DomainEventMap[DomainEventType], error: unknown): void {
    const boardId = 'boardId' in payload ? payload.boardId : undefined;
    this.#logger.error({ err: error, event: type, boardId, workspaceId: payload.workspaceId }, 'domain event listener failed');
  }
}
