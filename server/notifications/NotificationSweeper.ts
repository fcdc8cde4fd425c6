import type { Logger } from 'pino';
import type { BoardUpdateNotifier } from './BoardUpdateNotifier.js';
import type { NotificationEmails } from './NotificationEmails.js';
import type { SingletonLease } from '../cluster/SingletonLease.js';

/** What one sweep did. */
export interface NotificationSweepResult {
  /** Board update windows closed (each made up to one notification per reader). */
  boardUpdateWindows: number;
  /** Digest emails sent. */
  emails: number;
}

/**
 * The background work of notifications on one timer: closes board update windows past their
 * quiet period, then sends the notification digests that are due. Time comes from the service
 * clock, so tests move the clock and call `runDue` instead of waiting.
 */
export class NotificationSweeper {
  readonly #boardUpdates: BoardUpdateNotifier;
  readonly #emails: NotificationEmails;
  readonly #logger: Logger;
  readonly #intervalMs: number;
  readonly #lease: SingletonLease | undefined;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<NotificationSweepResult> | null = null;

  /** With `deps.lease`, of several processes only the one holding it sweeps (default: this process does). */
  constructor(deps: { boardUpdates: BoardUpdateNotifier; emails: NotificationEmails; logger: Logger; lease?: SingletonLease | undefined }, intervalMs: number) {
    this.#lease = deps.lease;
    this.#boardUpdates = deps.boardUpdates;
    this.#emails = deps.emails;
    this.#logger = deps.logger;
    this.#intervalMs = intervalMs;
  }

  /** Settles digests a crash interrupted, then sweeps every `intervalMs`; the timer does not keep the process alive. */
  async start(): Promise<void> {
    if (this.#timer) return;
    await this.#emails.recover();
    this.#timer = setInterval(() => {
      this.runDue().catch((error: unknown) => this.#logger.error({ err: error }, 'notification sweep failed'));
    }, this.#intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a running sweep. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
    await this.#lease?.release();
  }

  /** Does what is due now; one sweep runs at a time (a second call shares the running one). */
  async runDue(): Promise<NotificationSweepResult> {
    this.#running ??= this.#sweep().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #sweep(): Promise<NotificationSweepResult> {
    if (this.#lease !== undefined && !(await this.#lease.held())) return { boardUpdateWindows: 0, emails: 0 };
    const boardUpdateWindows = await this.#boardUpdates.flushDue();
    const emails = await this.#emails.sendDue();
    return { boardUpdateWindows, emails };
  }
}
