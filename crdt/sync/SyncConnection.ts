import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { CrdtError } from '../errors.js';
import type { Logger } from '../documents/Logger.js';
import { syncCloseCodes } from './closeCodes.js';
import { HeldTraffic } from './HeldTraffic.js';
import { docHoldsUpdate } from './heldUpdate.js';
import {
  encodePermissionDenied,
  encodeSyncStep1,
  encodeSyncStep2,
  isEmptyUpdate,
  messageTypes,
  syncMessageTypes,
} from './messages.js';
import type { SyncSocket } from './SyncSocket.js';
import type { TokenBucket } from './TokenBucket.js';

/** Who is on the other end, as authenticated by the server layer. */
export interface SyncActor {
  readonly userId: string;
  readonly name?: string;
}

/** What the server layer decided about a socket before handing it over. */
export interface SyncConnectionInfo {
  readonly boardId: string;
  readonly actor: SyncActor;
  /** Viewers and commenters: document updates are refused, awareness is allowed. The server layer may change it later (`setReadOnly`). */
  readonly readOnly: boolean;
  /**
   * Who shares a message budget across reconnects after a rate-limit close; default the actor's
   * user id. Guests of one public link share a user id, so the server layer sets this per guest.
   */
  readonly rateKey?: string;
}

/** What a connection needs of its board's room (`BoardRoom`): where its messages go. */
export interface SyncRoom {
  /** The board's document (loaded once the connection has started). */
  readonly doc: Y.Doc;
  /** The messages that give a client with nothing the whole document. */
  fullStateMessages(): readonly Uint8Array[];
  /** Applies a sync step 2. */
  applyUpdate(update: Uint8Array, origin: SyncConnection): void;
  /** Takes a live update (`message` is the y-websocket message it came in, when it can be relayed as is). */
  receiveUpdate(message: Uint8Array | undefined, update: Uint8Array, origin: SyncConnection): void;
  /** Applies an awareness update; returns how many of its entries were the connection's own. */
  applyAwareness(update: Uint8Array, origin: SyncConnection): number;
  /** One awareness message with every live state. */
  encodeAllAwareness(): Uint8Array;
  /** Forgets a connection that closed. */
  remove(connection: SyncConnection): void;
}

/** Per-connection limits, from `RealtimeHubOptions`. */
export interface SyncConnectionLimits {
  maxMessageBytes: number;
  maxBufferedBytes: number;
}

/** What every connection of a hub shares (one object, not a copy and a closure per connection): the limits, and who keeps a bucket drained by a 4429. */
export interface SyncConnectionOwner {
  readonly limits: SyncConnectionLimits;
  rateLimited(connection: SyncConnection, bucket: TokenBucket): void;
}

/**
 * One client socket on one board, speaking the y-websocket protocol. Messages that arrive
 * before the board is loaded wait in an inbox; sync starts (server step 1, then answers to
 * the client's) only once the stored state is in memory. Read-only connections have every
 * step 2 / update message dropped; when one carries something the board lacks, the client
 * is told once with an auth "permission denied" message (the stock client logs it and stays
 * connected: closing would only make it reconnect and resend), and awareness still flows.
 */
export class SyncConnection {
  readonly boardId: string;
  readonly actor: SyncActor;
  /** When the socket was attached, in ms since the epoch. */
  readonly connectedAtMs: number;
  /** `SyncConnectionInfo.rateKey`. */
  readonly rateKey: string | undefined;
  /** Awareness client ids this connection has announced (server-side ownership). */
  readonly awarenessClientIds = new Set<number>();
  readonly #socket: SyncSocket;
  readonly #room: SyncRoom | undefined;
  readonly #bucket: TokenBucket;
  readonly #owner: SyncConnectionOwner;
  readonly #logger: Logger;
  #inbox: Uint8Array[] | undefined = [];
  #open = true;
  #readOnly: boolean;
  #deniedSent = false;
  /** While paused (`pause`): what goes each way, kept until `resume`; the client's messages are then handled with the rights decided meanwhile. */
  #held: HeldTraffic | undefined;
  /** Size of the last full-state answer: a fresh client may still be reading it, so it does not count as slow yet. */
  #graceBytes = 0;

  constructor(
    socket: SyncSocket,
    info: SyncConnectionInfo,
    room: SyncRoom | undefined,
    bucket: TokenBucket,
    owner: SyncConnectionOwner,
    logger: Logger,
    nowMs: number,
  ) {
    this.#socket = socket;
    this.boardId = info.boardId;
    this.actor = info.actor;
    this.rateKey = info.rateKey;
    this.#readOnly = info.readOnly;
    this.#room = room;
    this.#bucket = bucket;
    this.#owner = owner;
    this.#logger = logger;
    this.connectedAtMs = nowMs;
  }

  /** False once closed by either side. */
  get isOpen(): boolean {
    return this.#open;
  }

  /** True while document updates from the client are refused (see `SyncConnectionInfo.readOnly`). */
  get readOnly(): boolean {
    return this.#readOnly;
  }

  /**
   * Changes whether the client's document updates are applied, for a connection whose rights
   * changed while it was open. A connection made read-only tells the client once, at its next
   * refused update, as one opened read-only does.
   */
  setReadOnly(readOnly: boolean): void {
    if (readOnly && !this.#readOnly) this.#deniedSent = false;
    this.#readOnly = readOnly;
  }

  /**
   * Holds everything to and from the client until `resume`: while the server layer rechecks a
   * connection's rights, nothing reaches a client that may no longer read the board, and nothing
   * it sends is applied under rights it may no longer have. Held messages count against
   * `maxBufferedBytes`, each way (past it the connection is closed 1013, as a slow reader is, and
   * the client reconnects). Idempotent.
   */
  pause(): void {
    if (!this.#open || this.#held !== undefined) return;
    this.#held = new HeldTraffic();
  }

  /** Ends a `pause`: sends what was held for the client, in order, then handles what it sent meanwhile. */
  resume(): void {
    const held = this.#held;
    if (held === undefined) return;
    this.#held = undefined;
    if (!this.#open) return;
    if (held.toClient.length > 0) this.sendMany(held.toClient);
    for (const data of held.fromClient) {
      if (!this.#open) return;
      if (this.#inbox !== undefined) this.#inbox.push(data);
      else this.#handle(data);
    }
  }

  /** True once sync has started (the board is loaded). */
  get isStarted(): boolean {
    return this.#inbox === undefined;
  }

  /** Handles one binary message from the socket; closes 1009 when over `maxMessageBytes`, 4429 when over the rate. */
  receive(data: Uint8Array): void {
    if (!this.#open) return;
    if (data.byteLength > this.#owner.limits.maxMessageBytes) {
      this.close(syncCloseCodes.messageTooBig, 'message too big');
      return;
    }
    // Awareness is charged when handled, and only when it changes this connection's own states:
    // the stock client echoes every awareness change it receives, and a busy room must not
    // turn those echoes into a rate-limit close.
    if (data[0] !== messageTypes.awareness && !this.#bucket.take()) {
      this.#closeForRate();
      return;
    }
    if (this.#held !== undefined) {
      if (this.#held.holdFromClient(data) > this.#owner.limits.maxBufferedBytes) this.close(syncCloseCodes.tryAgainLater, 'too much sent while paused');
      return;
    }
    if (this.#inbox !== undefined) {
      this.#inbox.push(data);
      return;
    }
    this.#handle(data);
  }

  /** Tells the connection its socket closed (the server layer calls this from the socket's close event). */
  closed(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#inbox = undefined;
    this.#held = undefined;
    this.#room?.remove(this);
  }

  /** Closes the socket with `code` and leaves the room. */
  close(code: number, reason: string): void {
    if (!this.#open) return;
    this.closed();
    try {
      this.#socket.close(code, reason);
    } catch (error) {
      this.#logger.warn({ err: error, boardId: this.boardId }, 'Closing a sync socket failed');
    }
  }

  /**
   * Sends a message unless the socket is backed up (over `maxBufferedBytes` plus the last
   * step 2 it is still reading), in which case the connection is closed 1013: skipping
   * messages would leave the client silently diverged, while a reconnect resyncs it.
   */
  send(message: Uint8Array): void {
    if (this.#held !== undefined) {
      this.#holdOut([message]);
      return;
    }
    if (this.#keepsUp()) this.#socket.send(message);
  }

  /** Like `send`, for several messages in order (one write); the array must not change afterwards. */
  sendMany(messages: readonly Uint8Array[]): void {
    if (this.#held !== undefined) {
      this.#holdOut(messages);
      return;
    }
    if (messages.length === 1) this.send(messages[0]!);
    else if (this.#keepsUp()) this.#socket.sendMany(messages);
  }

  /** Keeps messages for a paused connection until `resume`; closes it 1013 when that is more than a socket may have queued. */
  #holdOut(messages: readonly Uint8Array[]): void {
    if (this.#held !== undefined && this.#held.holdToClient(messages) > this.#owner.limits.maxBufferedBytes + this.#graceBytes) {
      this.close(syncCloseCodes.tryAgainLater, 'client too slow');
    }
  }

  /** False (and closed 1013) when the socket is backed up past the limit; see `send`. */
  #keepsUp(): boolean {
    if (!this.#open) return false;
    const buffered = this.#socket.bufferedAmount;
    if (buffered <= this.#owner.limits.maxBufferedBytes) this.#graceBytes = 0;
    else if (buffered > this.#owner.limits.maxBufferedBytes + this.#graceBytes) {
      this.#logger.warn(
        { boardId: this.boardId, userId: this.actor.userId, bufferedBytes: buffered },
        'Closing a sync connection that reads too slowly',
      );
      this.close(syncCloseCodes.tryAgainLater, 'client too slow');
      return false;
    }
    return true;
  }

  /** Closes 4429 for the message rate and tells the hub, which keeps the drained bucket for this user's next connection. */
  #closeForRate(): void {
    if (!this.#open) return;
    this.close(syncCloseCodes.tooManyRequests, 'too many messages');
    this.#owner.rateLimited(this, this.#bucket);
  }

  /** Called by the room once the document is loaded: sends server step 1 and awareness, then drains the inbox. */
  start(doc: Y.Doc, awarenessStates: Uint8Array | undefined): void {
    if (!this.#open || this.#inbox === undefined) return;
    const inbox = this.#inbox;
    this.#inbox = undefined;
    this.send(encodeSyncStep1(Y.encodeStateVector(doc)));
    if (awarenessStates !== undefined) this.send(awarenessStates);
    for (const data of inbox) {
      if (!this.#open) return;
      this.#handle(data);
    }
  }

  #handle(data: Uint8Array): void {
    const room = this.#room;
    if (room === undefined) return;
    try {
      const decoder = decoding.createDecoder(data);
      const type = decoding.readVarUint(decoder);
      switch (type) {
        case messageTypes.sync:
          this.#handleSync(data, decoder, room);
          return;
        case messageTypes.awareness:
          if (room.applyAwareness(decoding.readVarUint8Array(decoder), this) > 0 && !this.#bucket.take()) {
            this.#closeForRate();
          }
          return;
        case messageTypes.queryAwareness:
          this.send(room.encodeAllAwareness());
          return;
        case messageTypes.auth:
          return;
        default:
          this.close(syncCloseCodes.unsupportedData, 'unknown message type');
      }
    } catch (error) {
      if (error instanceof CrdtError && error.code === 'document_too_large') {
        this.#logger.info({ boardId: this.boardId, userId: this.actor.userId }, 'Refused an update over the document size limit');
        this.close(syncCloseCodes.documentTooLarge, 'document too large');
        return;
      }
      this.#logger.warn({ err: error, boardId: this.boardId, userId: this.actor.userId }, 'Closing a sync connection after an invalid message');
      this.close(syncCloseCodes.invalidPayload, 'invalid message');
    }
  }

  #handleSync(data: Uint8Array, decoder: decoding.Decoder, room: SyncRoom): void {
    const syncType = decoding.readVarUint(decoder);
    if (syncType === syncMessageTypes.step1) {
      const stateVector = decoding.readVarUint8Array(decoder);
      // An empty state vector is the single byte 0: the client has nothing yet.
      const answer =
        stateVector.length === 1 && stateVector[0] === 0 ? room.fullStateMessages() : [encodeSyncStep2(Y.encodeStateAsUpdate(room.doc, stateVector))];
      this.sendMany(answer);
      this.#graceBytes = Math.max(this.#graceBytes, answer.reduce((bytes, message) => bytes + message.byteLength, 0));
      return;
    }
    if (syncType !== syncMessageTypes.step2 && syncType !== syncMessageTypes.update) {
      this.close(syncCloseCodes.unsupportedData, 'unknown sync message type');
      return;
    }
    const update = decoding.readVarUint8Array(decoder);
    if (this.#readOnly) {
      // A reconnecting viewer's step 2 repeats its whole delete set; only news is a refusal.
      if (isEmptyUpdate(update) || docHoldsUpdate(room.doc, update)) return;
      if (!this.#deniedSent) {
        this.#deniedSent = true;
        this.#logger.info({ boardId: this.boardId, userId: this.actor.userId }, 'Refused a document update from a read-only connection');
        this.send(encodePermissionDenied('read-only connection: document updates are not applied'));
      }
      return;
    }
    if (syncType === syncMessageTypes.update) {
      // A live edit: stored and relayed as it came (when nothing follows it in the frame), then applied.
      room.receiveUpdate(decoder.pos === data.byteLength ? data : undefined, update, this);
      return;
    }
    room.applyUpdate(update, this);
  }
}
