import type { Logger } from 'pino';
import type { ProcessOwner } from './ProcessLiveness.js';

/** The part of `DocumentReplication` a `PeerWatch` drives. */
export interface PeerCatchUp {
  /** The other processes heard on the bus. */
  peers(): string[];
  forgetPeer(processId: string): void;
  /** Reads every board followed here from the store and applies what the copy lacks; resolves with how many. */
  catchUpAll(): Promise<number>;
}

/**
 * Notices that another process died and catches this process's boards up from the store. A
 * process publishes an update only after the store took it, so one killed between the two
 * leaves an update that only the store has: when the liveness lease of a process heard on the
 * bus has lapsed, every board loaded here is read from the store and what its copy lacks is
 * applied (Yjs ignores what it already has). Checked every `intervalMs`, one check at a time.
 */
export class PeerWatch {
  readonly #replication: PeerCatchUp;
  readonly #owner: ProcessOwner;
  readonly #logger: Logger;
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<string[]> | null = null;

  constructor(replication: PeerCatchUp, owner: ProcessOwner, logger: Logger, intervalMs: number) {
    this.#replication = replication;
    this.#owner = owner;
    this.#logger = logger;
    this.#intervalMs = intervalMs;
  }

  /** Checks every `intervalMs`; the timer does not keep the process alive. */
  start(): void {
    this.#timer ??= setInterval(() => {
      this.runDue().catch((error: unknown) => this.#logger.error({ err: error }, 'checking whether other processes still run failed'));
    }, this.#intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a check under way. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** Checks the peers now; when one stopped, catches every loaded board up. Resolves with the processes found stopped. */
  async runDue(): Promise<string[]> {
    this.#running ??= this.#run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #run(): Promise<string[]> {
    const peers = this.#replication.peers();
    const alive = await Promise.all(peers.map((peer) => this.#owner.isAlive(peer)));
    const stopped = peers.filter((_, i) => alive[i] !== true);
    if (stopped.length === 0) return stopped;
    for (const peer of stopped) this.#replication.forgetPeer(peer);
    const boards = await this.#replication.catchUpAll();
    this.#logger.warn({ processes: stopped, boards }, 'another process stopped; the boards loaded here were caught up from the store');
    return stopped;
  }
}
