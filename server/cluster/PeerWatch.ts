import type { Logger } from 'pino';
import { PeriodicRun } from './PeriodicRun.js';
import type { ProcessOwner } from './ProcessLiveness.js';

/** The part of `DocumentReplication` a `PeerWatch` drives. */
export interface PeerCatchUp {
  /** The other processes heard on the bus. */
  peers(): string[];
  forgetPeer(processId: string): void;
  /** Reads every board followed here from the store and applies what the copy lacks; resolves with how many. */
  catchUpAll(): Promise<number>;
  /** Catches up the boards whose copy lacked stored updates at this check and the one before; resolves with how many. */
  checkStored(): Promise<number>;
}

/** What one check found. */
export interface PeerCheck {
  /** Processes heard on the bus whose liveness lease has lapsed (every loaded board was then caught up). */
  stopped: string[];
  /** Boards caught up because their copy lacked stored updates at two checks in a row (none when a process stopped). */
  caughtUp: number;
}

/**
 * Finds the updates that only the store has and catches this process's boards up with them. A
 * process publishes an update only after the store took it, so one killed between the two
 * leaves an update that only the store has: when the liveness lease of a process heard on the
 * bus has lapsed, every board loaded here is read from the store and what its copy lacks is
 * applied (Yjs ignores what it already has). Without a death (a message the bus lost, a process
 * not heard before it died), each check also compares the last sequence number stored per loaded
 * board with those its copy holds (one cheap read for all boards) and catches up a board whose
 * gap outlived a check. Checked every `intervalMs`, one check at a time.
 */
export class PeerWatch {
  readonly #replication: PeerCatchUp;
  readonly #owner: ProcessOwner;
  readonly #logger: Logger;
  readonly #runs: PeriodicRun<PeerCheck>;

  constructor(replication: PeerCatchUp, owner: ProcessOwner, logger: Logger, intervalMs: number) {
    this.#replication = replication;
    this.#owner = owner;
    this.#logger = logger;
    this.#runs = new PeriodicRun(() => this.#run(), intervalMs, (error) => logger.error({ err: error }, 'checking whether other processes still run failed'));
  }

  /** Checks every `intervalMs`; the timer does not keep the process alive. */
  start(): void {
    this.#runs.start();
  }

  /** Stops the timer and waits for a check under way. */
  async stop(): Promise<void> {
    await this.#runs.stop();
  }

  /** Checks now: when a peer stopped, catches every loaded board up; else the boards with a lasting gap. */
  async runDue(): Promise<PeerCheck> {
    return this.#runs.runDue();
  }

  async #run(): Promise<PeerCheck> {
    const peers = this.#replication.peers();
    const alive = await Promise.all(peers.map((peer) => this.#owner.isAlive(peer)));
    const stopped = peers.filter((_, i) => alive[i] !== true);
    if (stopped.length === 0) return { stopped, caughtUp: await this.#replication.checkStored() };
    for (const peer of stopped) this.#replication.forgetPeer(peer);
    const boards = await this.#replication.catchUpAll();
    this.#logger.warn({ processes: stopped, boards }, 'another process stopped; the boards loaded here were caught up from the store');
    return { stopped, caughtUp: 0 };
  }
}
