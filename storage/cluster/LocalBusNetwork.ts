import type { BoardMessage } from './UpdateBus.js';

/** One bus on a `LocalBusNetwork`: how to hand it a message. */
export interface LocalBusMember {
  deliver(message: BoardMessage): void;
}

/** The in-process buses that hear each other (`LocalUpdateBus`): several servers started in one process. */
export class LocalBusNetwork {
  readonly members = new Set<LocalBusMember>();
}
