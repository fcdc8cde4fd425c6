import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { hasWriteReceipt, writeReceiptTtlMs } from '../../crdt/index.js';
import type { DocumentRegistry } from '../../crdt/index.js';
import { DuplicateKeyError } from '../../storage/index.js';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { idempotencyCollections } from '../../storage/schema/idempotency.js';
import type { IdempotencyRecord } from '../../storage/schema/idempotency.js';
import { ServiceError } from '../errors.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';

/** How long a key is remembered after its request was claimed, in ms: 24 h, as long as the write receipts it may read. */
export const idempotencyKeyTtlMs = writeReceiptTtlMs;

/** A keyed request, as the API router hands it over once the request has passed its checks. */
export interface IdempotentRequest {
  /** The credential's id (API key, OAuth grant or web session): keys of different credentials never meet. */
  credentialId: string;
  /** The client's `Idempotency-Key`. */
  key: string;
  /** SHA-256 of the method, path and canonical body. */
  fingerprint: string;
  /**
   * The board whose document is the operation's only write, for operations whose write stamps a
   * receipt in it (see crdt writeReceipts.ts); null for every other operation.
   */
  receiptBoardId: string | null;
}

/** A stored answer: replayed as it was sent. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or null for an answer without a body. */
  body: string | null;
}

/** The right to run a keyed request; settle it with `complete`, `abandon` or `release`. */
export interface IdempotencyClaim {
  readonly id: string;
  /** Stamped in the board document by the operation's write (`withWriteReceipt`). */
  readonly receiptId: string;
  readonly claimedAt: number;
}

/** What to do with a keyed request. */
export type IdempotencyDecision = { kind: 'run'; claim: IdempotencyClaim } | { kind: 'replay'; answer: StoredAnswer };

/** Options of `IdempotencyService`. */
export interface IdempotencyServiceOptions {
  db: Database;
  documents: Pick<DocumentRegistry, 'open'>;
  clock: Clock;
  logger: Logger;
  /**
   * Whether only this process uses the store (sqlite: the data folder is locked), so a claim of
   * another process is one a crash left. Otherwise a claim of another process counts as running
   * for `claimStaleMs`.
   */
  singleProcess: boolean;
  /**
   * With several processes, this process's liveness: claims then carry its id, and a claim of a
   * process whose liveness lease lapsed (it died) is one a crash left, at once rather than after
   * `claimStaleMs`. Default none: claims carry a random id per service.
   */
  owner?: ProcessOwner | undefined;
  /** Default 60 s: longer than a write may wait for the store (`persistTimeoutMs`, 10 s) plus its handling. */
  claimStaleMs?: number;
  /** Period of the sweep of expired keys, in ms; default one hour. */
  sweepIntervalMs?: number;
}

/**
 * `Idempotency-Key` bookkeeping (IETF draft "The Idempotency-Key HTTP Header Field"). A key is
 * claimed durably before its request runs and gets the request's answer durably before the
 * answer is sent; a retry with the same key and request replays that answer, and one with
 * another request is refused. A claim a crash left unanswered is settled from the write receipt
 * in the board document when the operation has one (absent: it never landed, run it again;
 * present: it landed, 409 `idempotency_key_in_doubt`); otherwise it is refused as in doubt.
 */
export class IdempotencyService {
  readonly #keys: Collection<IdempotencyRecord>;
  readonly #o: IdempotencyServiceOptions;
  /** This process (its liveness id with several processes): claims carry it, so a retry can tell a claim running here from one a crash left. */
  readonly instanceId: string;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: IdempotencyServiceOptions) {
    this.#o = options;
    this.instanceId = options.owner?.processId ?? randomUUID();
    this.#keys = options.db.collection<IdempotencyRecord>(idempotencyCollections.keys);
  }

  /**
   * Claims the key for this request, or says to replay its stored answer. Throws 422
   * `idempotency_key_reused` for another request under the key, 409 `idempotency_key_in_use`
   * while it runs, 409 `idempotency_key_in_doubt` when a crash left it unanswered and it may
   * have been applied.
   */
  async begin(request: IdempotentRequest): Promise<IdempotencyDecision> {
    const id = createHash('sha256').update(`${request.credentialId}\n${request.key}`).digest('hex');
    // A few rounds: a concurrent retry may insert, take over or sweep the record between two steps.
    for (let round = 0; round < 4; round += 1) {
      const now = this.#o.clock.now();
      const claim = this.#claimOf(id, now);
      try {
        await this.#keys.insert({
          id,
          fingerprint: request.fingerprint,
          state: 'running',
          instanceId: this.instanceId,
          claimedAt: now,
          expiresAt: now + idempotencyKeyTtlMs,
          receiptBoardId: request.receiptBoardId,
          status: null,
          headers: null,
          body: null,
        });
        return { kind: 'run', claim };
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      const existing = await this.#keys.get(id);
      if (existing === null) continue;
      if (existing.expiresAt <= now) {
        await this.#keys.deleteMany({ id, claimedAt: existing.claimedAt });
        continue;
      }
      if (existing.fingerprint !== request.fingerprint) {
        throw new ServiceError('idempotency_key_reused', 'This Idempotency-Key was already used for another request (method, path or body). Send a new key for a new request.', {
          details: { header: 'Idempotency-Key' },
        });
      }
      if (existing.state === 'done') return { kind: 'replay', answer: answerOf(existing) };
      if (existing.state === 'running' && (await this.#isRunning(existing, now))) {
        throw new ServiceError('idempotency_key_in_use', 'A request with this Idempotency-Key is still running; retry shortly to get its answer.');
      }
      const applied = await this.#applied(existing);
      // Unanswered after a 5xx and not known to be applied, or known not to be applied: run it again.
      if (applied === false || (applied === null && existing.state === 'unanswered')) {
        const taken = await this.#keys.updateOne(
          { id, state: existing.state, instanceId: existing.instanceId, claimedAt: existing.claimedAt },
          { $set: { state: 'running', instanceId: this.instanceId, claimedAt: now } },
        );
        if (taken !== null) {
          this.#o.logger.info({ receiptBoardId: existing.receiptBoardId, state: existing.state }, 'a keyed request left unanswered by a failure did not land; it runs again');
          return { kind: 'run', claim };
        }
        continue;
      }
      this.#o.logger.warn({ receiptBoardId: existing.receiptBoardId, state: existing.state, applied }, 'a keyed request left unanswered by a failure is refused as in doubt');
      throw new ServiceError(
        'idempotency_key_in_doubt',
        applied
          ? 'The request with this Idempotency-Key was applied, but the server failed before answering it. Read the resource to see its result.'
          : 'The server failed while running the request with this Idempotency-Key, so whether it was applied is unknown. Read the resource to see, and send a new key to make the change again.',
        { details: { applied } },
      );
    }
    throw new ServiceError('idempotency_key_in_use', 'A request with this Idempotency-Key is being settled by another request; retry shortly.');
  }

  /** Stores the answer of a claimed request durably; the answer is sent after. */
  async complete(claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
    await this.#keys.updateOne(
      { id: claim.id, instanceId: this.instanceId, claimedAt: claim.claimedAt },
      { $set: { state: 'done', status: answer.status, headers: JSON.stringify(answer.headers), body: answer.body } },
    );
  }

  /** A claimed request failed on the server's side (5xx): nothing is stored to replay, a retry settles it again. */
  async abandon(claim: IdempotencyClaim): Promise<void> {
    await this.#keys.updateOne({ id: claim.id, instanceId: this.instanceId, claimedAt: claim.claimedAt }, { $set: { state: 'unanswered' } });
  }

  /** Forgets a claim whose request was refused before it did anything (401, 403, 429): the key stays free. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.#keys.deleteMany({ id: claim.id, instanceId: this.instanceId, claimedAt: claim.claimedAt });
  }

  /** Deletes keys older than 24 h by the service clock; resolves with how many. */
  async sweep(): Promise<number> {
    return this.#keys.deleteMany({ expiresAt: { $lte: this.#o.clock.now() } });
  }

  /** Sweeps every `sweepIntervalMs`; the timer does not keep the process alive. */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.#o.logger.error({ err: error }, 'idempotency key sweep failed'));
    }, this.#o.sweepIntervalMs ?? 3_600_000);
    this.#timer.unref();
  }

  /** Stops the sweep timer. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  #claimOf(id: string, claimedAt: number): IdempotencyClaim {
    return { id, claimedAt, receiptId: receiptIdOf(id, this.instanceId, claimedAt) };
  }

  async #isRunning(record: IdempotencyRecord, now: number): Promise<boolean> {
    if (record.instanceId === this.instanceId) return true;
    if (this.#o.singleProcess) return false;
    if (now - record.claimedAt >= (this.#o.claimStaleMs ?? 60_000)) return false;
    // The claiming process died (its liveness lease lapsed): nothing runs the request any more.
    return this.#o.owner === undefined || (await this.#o.owner.isAlive(record.instanceId));
  }

  /** Whether the write of an unanswered claim landed: from its board's receipt; null when it cannot be told. */
  async #applied(record: IdempotencyRecord): Promise<boolean | null> {
    if (record.receiptBoardId === null) return null;
    try {
      const doc = await this.#o.documents.open(record.receiptBoardId);
      return hasWriteReceipt(doc, receiptIdOf(record.id, record.instanceId, record.claimedAt));
    } catch (error) {
      this.#o.logger.warn({ err: error, boardId: record.receiptBoardId }, 'the write receipt of an unanswered idempotency key could not be read');
      return null;
    }
  }
}

/** A claim's receipt id: one per claim, so a key reused after it expired never finds an old receipt. */
function receiptIdOf(id: string, instanceId: string, claimedAt: number): string {
  return createHash('sha256').update(`${id}\n${instanceId}\n${claimedAt}`).digest('base64url').slice(0, 22);
}

function answerOf(record: IdempotencyRecord): StoredAnswer {
  return { status: record.status ?? 200, headers: JSON.parse(record.headers ?? '{}') as Record<string, string>, body: record.body };
}
