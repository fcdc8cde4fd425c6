import { Redis } from 'ioredis';
import type * as Y from 'yjs';
import type { DocClient } from '../realtime/docClients.js';
import { itemsMapName, stampOf } from '../realtime/roles.js';
import type { Probe } from '../realtime/roles.js';
import { summarize } from '../realtime/stats.js';
import type { LatencySummary } from '../realtime/stats.js';
import { hostNowMs } from '../realtime/target.js';

/** Bytes of an update message's sequence numbers, before its update (crdt/documents/DocumentReplication.ts). */
const seqHeaderBytes = 16;
/** Kind byte of an update message on the bus (storage/redis/RedisUpdateBus.ts). */
const updateKind = 1;

/** The two halves of the cross-process path of a live edit, in ms (p50, p99, max). */
export interface CrossHops {
  /** The writer's send to the update's arrival on the board's Redis channel: A receives, stores, publishes; Redis relays. */
  toRedis: LatencySummary;
  /** That arrival to the probe on B: B receives, applies, relays to its sockets; the client applies. */
  fromRedis: LatencySummary;
  /** Edits timed at both ends. */
  matched: number;
}

/** Calls `seen(key, n, now)` for every writer edit `doc` integrates (a write moves its item: path [key], `x` changed). */
function observeWrites(Yjs: { Map: typeof Y.Map }, doc: Y.Doc, seen: (key: string, n: number, ts: number, now: number) => void): void {
  doc.getMap<unknown>(itemsMapName).observeDeep((events) => {
    const now = hostNowMs();
    for (const event of events) {
      if (event.path.length !== 1 || !(event as Y.YMapEvent<unknown>).keysChanged.has('x')) continue;
      const stamp = stampOf(Yjs, event.target, now);
      if (stamp !== undefined && stamp.n > 0) seen(String(event.path[0]), stamp.n, stamp.ts, now);
    }
  });
}

/**
 * Listens on a board's Redis channel (ours: `<prefix>board:<id>`) with a copy of the board, and
 * times each writer edit when it crosses Redis and when the probes on the other process get it,
 * so a cross-process latency splits into the hop up to Redis and the hop after it. Only edits made
 * while `recording` count. Seed it (`seed`) with a synced client's state before the writes it times.
 */
export class ChannelTap {
  recording = false;
  readonly #redis: Redis;
  readonly #channel: string;
  readonly #doc: Y.Doc;
  readonly #Y: DocClient['Y'];
  /** Arrival on Redis of each edit (`key:n`) timed, and its send time. */
  readonly #atRedis = new Map<string, { ts: number; at: number }>();
  readonly #fromRedis: number[] = [];

  private constructor(redis: Redis, channel: string, Yjs: DocClient['Y']) {
    this.#redis = redis;
    this.#channel = channel;
    this.#Y = Yjs;
    this.#doc = new Yjs.Doc();
    observeWrites(Yjs, this.#doc, (key, n, ts, now) => {
      if (this.recording) this.#atRedis.set(`${key}:${n}`, { ts, at: now });
    });
    redis.on('messageBuffer', (channelName: Buffer, data: Buffer) => {
      if (channelName.toString('utf8') !== this.#channel || data[0] !== updateKind) return;
      const start = 2 + (data[1] ?? 0) + seqHeaderBytes;
      if (data.byteLength <= start) return;
      this.#Y.applyUpdate(this.#doc, data.subarray(start));
    });
  }

  /** Subscribes to `boardId`'s channel on the Redis at `url`; resolves once Redis confirmed it. */
  static async open(url: string, boardId: string, Yjs: DocClient['Y'], prefix = 'boards:'): Promise<ChannelTap> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const tap = new ChannelTap(redis, `${prefix}board:${boardId}`, Yjs);
    await redis.subscribe(tap.#channel);
    return tap;
  }

  /** Gives the copy the board as `client` holds it, so the updates that follow integrate. */
  seed(client: DocClient): void {
    this.#Y.applyUpdate(this.#doc, this.#Y.encodeStateAsUpdate(client.doc));
  }

  /** Times each edit the probe's copy integrates against its arrival on Redis. */
  follow(probe: Probe): void {
    observeWrites(probe.client.Y, probe.client.doc, (key, n, _ts, now) => {
      const atRedis = this.#atRedis.get(`${key}:${n}`);
      if (this.recording && atRedis !== undefined) this.#fromRedis.push(now - atRedis.at);
    });
  }

  /** The hops of the edits timed so far. */
  hops(): CrossHops {
    return {
      toRedis: summarize([...this.#atRedis.values()].map((edit) => edit.at - edit.ts)),
      fromRedis: summarize(this.#fromRedis),
      matched: this.#fromRedis.length,
    };
  }

  close(): void {
    this.#redis.disconnect();
    this.#doc.destroy();
  }
}
