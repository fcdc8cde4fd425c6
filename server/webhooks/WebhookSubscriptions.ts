import type { Collection, Database } from '../../storage/index.js';
import { newId, sharedDurability } from '../../storage/index.js';
import type { WebhookRecord, WebhookVersionRecord } from '../../storage/schema/webhooks.js';
import { webhookCollections } from '../../storage/schema/webhooks.js';

/** The id of the one version record. */
const versionId = 'subscriptions';

/** What `WebhookSubscriptions` needs. */
export interface WebhookSubscriptionsOptions {
  /** Reads the enabled webhooks from the store (`WebhookAudience.listening`). */
  read: () => Promise<WebhookRecord[]>;
  /**
   * Whether other processes change webhooks in the same store (cluster mode): then the version
   * record is read once per event-loop turn that records events; alone, every change goes through
   * this process and the list is read again only after one.
   */
  shared: boolean;
}

/**
 * The enabled webhooks as this process knows them, so that deciding whether an event needs
 * recording costs the write nothing. Every change of a webhook record (create, update, enable,
 * disable, delete) calls `changed()` after storing it and before it is answered: the list held
 * here is dropped, and the store's version record (`webhook_versions`) gets a new value. Alone,
 * the next event reads the list again and no other read is made. With several processes, the
 * first event of each event-loop turn reads the version record (one record by its id, whatever
 * the number of webhooks) and the list only when the version differs from the one it was read
 * at, so a webhook created on one process hears the next event written on any other.
 */
export class WebhookSubscriptions {
  readonly #versions: Collection<WebhookVersionRecord>;
  readonly #o: WebhookSubscriptionsOptions;
  /** The list and the version it was read at (null alone); null when it must be read. */
  #held: { hooks: WebhookRecord[]; version: string | null } | null = null;
  /** Changes seen by this process: a read that a change overtook is not kept. */
  #generation = 0;
  /** With several processes: the check of the version made in this turn. */
  #thisTurn: Promise<WebhookRecord[]> | null = null;
  /** The same, once it has answered. */
  #checkedThisTurn: WebhookRecord[] | null = null;

  constructor(db: Database, options: WebhookSubscriptionsOptions) {
    this.#versions = db.collection<WebhookVersionRecord>(webhookCollections.versions);
    this.#o = options;
  }

  /** The enabled webhooks when known without a read (alone: since the last change; with several processes: checked this turn), else null. */
  known(): WebhookRecord[] | null {
    if (this.#o.shared) return this.#checkedThisTurn;
    return this.#held?.hooks ?? null;
  }

  /** The enabled webhooks, current as of every change answered before this call. */
  current(): Promise<WebhookRecord[]> {
    if (!this.#o.shared) return this.#held === null ? this.#readList(null) : Promise.resolve(this.#held.hooks);
    if (this.#thisTurn !== null) return this.#thisTurn;
    const check = this.#checkVersion();
    this.#thisTurn = check;
    setImmediate(() => {
      this.#thisTurn = null;
      this.#checkedThisTurn = null;
    });
    check.then(
      (hooks) => {
        if (this.#thisTurn === check) this.#checkedThisTurn = hooks;
      },
      // A failed read is not remembered: the next event reads again.
      () => {
        if (this.#thisTurn === check) this.#thisTurn = null;
      },
    );
    return check;
  }

  /**
   * Called once a change of a webhook record is stored, before it is answered: drops the list held
   * here and, with several processes, stores a new version, so every process reads the list again.
   */
  async changed(): Promise<void> {
    this.#generation += 1;
    this.#held = null;
    this.#thisTurn = null;
    this.#checkedThisTurn = null;
    if (this.#o.shared) await this.#versions.put({ id: versionId, version: newId('whv') }, sharedDurability);
  }

  async #checkVersion(): Promise<WebhookRecord[]> {
    const version = (await this.#versions.get(versionId))?.version ?? '';
    const held = this.#held;
    if (held !== null && held.version === version) return held.hooks;
    return this.#readList(version);
  }

  /** Reads the list; kept unless a change of this process came meanwhile (the version, read first, may only be older than the list). */
  async #readList(version: string | null): Promise<WebhookRecord[]> {
    const generation = this.#generation;
    const hooks = await this.#o.read();
    if (generation === this.#generation) this.#held = { hooks, version };
    return hooks;
  }
}
