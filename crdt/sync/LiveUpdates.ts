import * as Y from 'yjs';
import type { DocumentLease } from '../documents/DocumentLease.js';
import type { Logger } from '../documents/Logger.js';
import { remoteOrigin } from '../documents/ManagedDocument.js';
import { syncCloseCodes } from './closeCodes.js';
import type { Outgoing } from './fanOut.js';
import type { AppliedLiveUpdate } from './LiveEditGuard.js';
import { encodeSyncStep2, encodeSyncUpdate } from './messages.js';
import type { SyncConnection } from './SyncConnection.js';
import { assertUpdate } from './updateCheck.js';

/** A client's live update taken this turn: the message it came in (when it can be relayed as is) and the update. */
interface Incoming {
  message: Uint8Array | undefined;
  update: Uint8Array;
  origin: SyncConnection;
}

/** Options of `LiveUpdates`. */
export interface LiveUpdatesOptions {
  boardId: string;
  logger: Logger;
  /** Resolves once every update applied to the board so far is stored (`DocumentRegistry.whenPersisted`). */
  whenStored: () => Promise<void>;
  /** Sends messages to the room's connections (`fanOut`). */
  relay: (outgoing: readonly Outgoing[]) => void;
  /** Asks for `flush` at the end of this event-loop turn (clients' live updates: those read in one turn go together). */
  scheduleFlush: () => void;
  /**
   * Asks for `flush` once the code running now is done (a microtask): for updates made to the
   * document here (a REST write, a sync step 2, a repair), which go out as soon as they are
   * stored, not behind the rest of the request that made them (its events, its activity row).
   */
  flushSoon: () => void;
  /** Origin of the one transaction that applies a turn's live updates. */
  applyOrigin: unknown;
  /** Called after a turn's live updates are applied, to check what they did (`LiveEditGuard`). */
  onApplied: (batch: readonly AppliedLiveUpdate[]) => void;
}

/**
 * The document side of one board's live sync, and the one place of its rule: a client's live
 * update is checked when it arrives, then at the end of the turn stored, relayed, and only then
 * applied, with no compaction in between (store and apply happen in one synchronous step).
 *
 * Relaying after storing means no client ever sees an edit that `kill -9` could take back (stored
 * = written to the log, safe from a crash of the process, not yet fsynced). Relaying the bytes as
 * they came (a lone update needs no re-encoding) and applying last takes the costly step off the
 * latency of every other client. Updates made to the document otherwise (REST writes, sync step
 * 2s) are stored by the document itself and relayed by the same rule, as soon as the code that
 * made them is done (`flushSoon`), not at the end of the turn. It also keeps the messages
 * that give a joining client the whole document, made from the document's encoded state.
 */
export class LiveUpdates {
  readonly #lease: DocumentLease;
  readonly #options: LiveUpdatesOptions;
  /** Live updates of clients taken this turn, not yet stored (`receive`). */
  #incoming: Incoming[] = [];
  /** Updates made to the document this turn (REST writes, sync step 2s), to relay. */
  #made: { update: Uint8Array; origin: unknown }[] = [];
  /**
   * The messages made of each encoded state the document handed out (`fullStateMessages`), for as
   * long as the document keeps that state: a board edited since its last join has let go of it,
   * and its messages (a step 2 of the whole board) go with it rather than stay for the room's life.
   */
  readonly #fullStates = new WeakMap<readonly Uint8Array[], readonly Uint8Array[]>();
  /** The message of each update of the encoded state, made once while the state holds it (the first, a step 2, is megabytes at 10k items). */
  readonly #messageOf = new WeakMap<Uint8Array, Uint8Array>();
  readonly #stepTwoOf = new WeakMap<Uint8Array, Uint8Array>();
  /** Relays of document updates, in order, each after its updates are stored. */
  #relayed: Promise<void> = Promise.resolve();
  /** Relays queued on `#relayed` and not yet sent; a relay goes out at once only when none wait. */
  #waitingRelays = 0;
  /** Another process's update is being applied, relayed already (`relayRemote`): its change is not relayed again. */
  #applyingRelayed = false;
  readonly #stopListening: () => void;

  constructor(lease: DocumentLease, options: LiveUpdatesOptions) {
    this.#lease = lease;
    this.#options = options;
    this.#stopListening = lease.onChange(this.#onChange);
  }

  /**
   * The messages that give a client with nothing (empty state vector) the whole document: the
   * first update of its encoded state (`DocumentLease.encodedState`: the stored state at load, or
   * one encode of the document, then each update applied since) as a sync step 2, the others as
   * update messages. Encoding a 10k-item board takes tens of milliseconds on the event loop; this
   * way a board loaded from storage is not encoded at all, and one encoded is shared by every
   * client that joins after it while the board is edited, until the updates since outgrow half of
   * it. The array is new whenever it changes (a socket may still be writing the one it was given).
   */
  fullStateMessages(): readonly Uint8Array[] {
    const state = this.#lease.encodedState();
    const known = this.#fullStates.get(state);
    if (known !== undefined) return known;
    const messages = state.map((update, i) => {
      const made = i === 0 ? this.#stepTwoOf : this.#messageOf;
      let message = made.get(update);
      if (message === undefined) {
        message = i === 0 ? encodeSyncStep2(update) : encodeSyncUpdate(update);
        made.set(update, message);
      }
      return message;
    });
    this.#fullStates.set(state, messages);
    return messages;
  }

  /**
   * Takes a client's live update (a y-websocket update `message`, or undefined to encode one):
   * checked now, then at the end of this turn stored, relayed as it came, and applied (`flush`).
   * Throws `document_too_large`, or the decoder's error for a malformed update, with nothing taken.
   */
  receive(message: Uint8Array | undefined, update: Uint8Array, origin: SyncConnection): void {
    this.#lease.assertRoomFor(update.byteLength);
    // Proves the bytes are an update before they are stored or reach other clients (`assertUpdate`: read, not built).
    assertUpdate(update);
    this.#incoming.push({ message, update, origin });
    this.#options.scheduleFlush();
  }

  /**
   * The end of a turn, or sooner for an update made here: stores the live updates taken so far,
   * relays the document messages of what was made and taken once they are stored (with
   * `alongside`, the turn's awareness, in one write per socket when they can go at once;
   * otherwise `alongside` goes now), then applies the live updates.
   */
  flush(alongside: readonly Outgoing[]): void {
    const lease = this.#lease;
    const incoming = this.#incoming;
    const made = this.#made;
    this.#incoming = [];
    this.#made = [];
    for (const { update } of incoming) lease.queueIncoming(update);
    const documentMessages = documentMessagesOf(made, incoming);
    // A store that appends synchronously stores them now and they go out in this turn; otherwise
    // (or behind an earlier relay still waiting) they wait their turn. The target is taken now,
    // so later updates never hold this batch back.
    // Nothing is relayed for nothing: an empty array is of another kind than one of messages (see `Outgoing`).
    if (documentMessages.length === 0) {
      if (alongside.length > 0) this.#options.relay(alongside);
    } else if (this.#waitingRelays === 0 && lease.storeNow()) this.#options.relay([...documentMessages, ...alongside]);
    else {
      if (alongside.length > 0) this.#options.relay(alongside);
      this.#relayAfterStored(documentMessages);
    }
    // Applied last, in this same step: no snapshot can be taken between storing and applying.
    // Quietly: they were stored and relayed as they came (`applyQueued`).
    if (incoming.length === 0) return;
    const failed = lease.applyQueued(incoming, this.#options.applyOrigin);
    this.#options.onApplied(incoming);
    for (const { entry, error } of failed) {
      this.#options.logger.warn(
        { err: error, boardId: this.#options.boardId, userId: entry.origin.actor.userId },
        'Closing a sync connection after an update that does not apply',
      );
      entry.origin.close(syncCloseCodes.invalidPayload, 'invalid update');
    }
  }

  /**
   * Sends another process's update, stored by that process already, to every connection now, in
   * one message encoded once, then `apply`s it to the document (`DocumentReplication.relayFirst`),
   * whose change is not relayed again. It waits neither for the document's apply nor behind the
   * relays of this process's own edits still being stored: updates of different processes do not
   * depend on each other's relays, and a client holds an update whose causes it lacks until they come.
   */
  relayRemote(update: Uint8Array, apply: () => void): void {
    this.#options.relay([{ message: encodeSyncUpdate(update), skip: undefined, update: true }]);
    this.#applyingRelayed = true;
    try {
      apply();
    } finally {
      this.#applyingRelayed = false;
    }
  }

  /** Stops listening to the document. */
  dispose(): void {
    this.#stopListening();
  }

  #relayAfterStored(messages: readonly Outgoing[]): void {
    const stored = this.#options.whenStored();
    this.#waitingRelays += 1;
    this.#relayed = this.#relayed
      .then(() => stored)
      .then(
        () => this.#options.relay(messages),
        (error: unknown) => this.#options.logger.warn({ err: error, boardId: this.#options.boardId }, 'Updates not relayed: they could not be stored'),
      )
      .finally(() => {
        this.#waitingRelays -= 1;
      });
  }

  readonly #onChange = (update: Uint8Array, origin: unknown): void => {
    if (this.#applyingRelayed && origin === remoteOrigin) return;
    this.#made.push({ update, origin });
    this.#options.flushSoon();
  };
}

/** An update made or taken this turn, as `documentMessagesOf` reads it. */
interface TurnUpdate {
  update: Uint8Array;
  origin: unknown;
  message?: Uint8Array | undefined;
}

/**
 * Updates above this many bytes go out in a message of their own: merging decodes and encodes
 * every update it takes, so a large one (a REST batch of a hundred items) would cost
 * milliseconds to merge with the few small ones that came in the same turn.
 */
const mergeLimitBytes = 2048;

/**
 * The document messages of a turn: updates made to the document (`made`, encoded) and clients'
 * live updates (`incoming`, as they came), in that order. Small updates are merged into one
 * message (about 10 µs an update here), because a client applies each message in a transaction
 * of its own, whose cost grows with the number of clients that ever edited the board: one
 * message per turn spares every client on the board. A large update goes alone (see
 * `mergeLimitBytes`), as it came when a client sent it. Each message skips the connection that
 * produced all of it.
 */
function documentMessagesOf(made: readonly TurnUpdate[], incoming: readonly Incoming[]): Outgoing[] {
  // The common turn: one client update, relayed as it came.
  const [lone] = incoming;
  if (made.length === 0 && incoming.length === 1 && lone?.message !== undefined) return [{ message: lone.message, skip: lone.origin, update: true }];
  const messages: Outgoing[] = [];
  let run: TurnUpdate[] = [];
  const endRun = (): void => {
    if (run.length > 0) messages.push(messageOf(run));
    run = [];
  };
  for (const update of [...made, ...incoming]) {
    if (update.update.byteLength <= mergeLimitBytes) {
      run.push(update);
      continue;
    }
    endRun();
    messages.push(messageOf([update]));
  }
  endRun();
  return messages;
}

/** One message of `updates` (at least one): a lone client update as it came, else merged and encoded. */
function messageOf(updates: readonly TurnUpdate[]): Outgoing {
  const origins = new Set<unknown>(updates.map((u) => u.origin));
  const [onlyOrigin] = origins.size === 1 ? origins : [undefined];
  const [first] = updates;
  if (updates.length === 1 && first !== undefined) return { message: first.message ?? encodeSyncUpdate(first.update), skip: onlyOrigin, update: true };
  return { message: encodeSyncUpdate(Y.mergeUpdates(updates.map((u) => u.update))), skip: onlyOrigin, update: true };
}
