import { randomInt } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock, Collection, Database, RateLimiterFactory } from '../../storage/index.js';
import { localRateLimiters, newId } from '../../storage/index.js';
import type { SignInCodeRecord } from '../../storage/schema/oauth.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import type { AccountService } from '../accounts/AccountService.js';
import { normaliseEmail } from '../accounts/AccountService.js';
import { constantTimeEqual, digestSecret } from '../auth/secrets.js';
import { ServiceError } from '../errors.js';
import type { SignInRecords } from './accountSignedIn.js';
import { accountSignedIn } from './accountSignedIn.js';
import type { Mailer } from './Mailer.js';

/** A sign-in code is valid for 10 minutes. */
export const signInCodeLifetimeMs = 10 * 60 * 1000;
/** Wrong guesses allowed per code before it dies. */
export const maxAttemptsPerCode = 5;

/** The generic answer to every failed code, whatever the cause (no account enumeration). */
export const invalidCodeMessage = 'That code is not valid or has expired. Request a new one.';

/** Thrown when too many attempts were made; carries the wait in seconds. */
export class SignInThrottledError extends ServiceError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('rate_limited', 'Too many attempts. Wait a few minutes and try again.');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Sign-in with a one-time code sent by email. The first sign-in of a new address creates the
 * person's account. Codes are 6 digits, stored as digests, single use, and throttled per
 * address (sends and failures) so guessing is hopeless.
 */
export class EmailSignIn {
  readonly #codes: Collection<SignInCodeRecord>;
  readonly #accounts: AccountService;
  readonly #mailer: Mailer;
  readonly #clock: Clock;
  readonly #records: SignInRecords | undefined;
  readonly #sends: RateLimiterAbstract;
  readonly #failures: RateLimiterAbstract;

  /** `limiters` counts the throttles (default in this process; with Redis, across every process). */
  constructor(options: { db: Database; accounts: AccountService; mailer: Mailer; clock: Clock; records?: SignInRecords; limiters?: RateLimiterFactory }) {
    const limiters = options.limiters ?? localRateLimiters;
    this.#sends = limiters.create({ keyPrefix: 'signin-sends', points: 5, durationS: 15 * 60 });
    this.#failures = limiters.create({ keyPrefix: 'signin-failures', points: 10, durationS: 15 * 60, blockDurationS: 15 * 60 });
    this.#records = options.records;
    this.#codes = options.db.collection<SignInCodeRecord>(oauthCollections.signInCodes);
    this.#accounts = options.accounts;
    this.#mailer = options.mailer;
    this.#clock = options.clock;
  }

  /** Sends a code to the address; returns the ticket id the code form carries. Throws 422 for a malformed address. */
  async start(rawEmail: string): Promise<string> {
    const email = normaliseEmail(rawEmail);
    await consume(this.#sends, email);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.#clock.now();
    const id = newId('sic');
    await this.#codes.insert({
      id,
      email,
      digest: digestSecret(`${id}:${code}`),
      createdAt: now,
      expiresAt: now + signInCodeLifetimeMs,
      failedAttempts: 0,
      usedAt: null,
    });
    await this.#mailer.send({
      to: email,
      subject: `Your Boards sign-in code: ${code}`,
      text: `Your sign-in code is ${code}. It works once, for 10 minutes. If you did not ask for it, ignore this message.`,
    });
    return id;
  }

  /** The address a ticket was sent to (to show "we sent a code to …"), or null. */
  async emailOf(ticket: string): Promise<string | null> {
    return (await this.#codes.get(ticket))?.email ?? null;
  }

  /**
   * Checks a code; returns the person's user id (creating the account on first sign-in).
   * Every failure throws the same 422 (`invalidCodeMessage`), or 429 when throttled.
   */
  async verify(ticket: string, rawCode: string): Promise<string> {
    const record = await this.#codes.get(ticket);
    if (!record) throw invalid();
    if (await blocked(this.#failures, record.email)) throw new SignInThrottledError(15 * 60);
    const code = rawCode.replace(/\s+/g, '');
    const now = this.#clock.now();
    const usable = record.usedAt === null && record.expiresAt > now && record.failedAttempts < maxAttemptsPerCode;
    if (!usable || !constantTimeEqual(digestSecret(`${record.id}:${code}`), record.digest)) {
      await this.#codes.updateOne({ id: record.id }, { $inc: { failedAttempts: 1 } });
      await consume(this.#failures, record.email);
      throw invalid();
    }
    const used = await this.#codes.updateOne({ id: record.id, usedAt: null }, { $set: { usedAt: now } });
    if (!used) throw invalid();
    return accountSignedIn({ accounts: this.#accounts, records: this.#records, clock: this.#clock }, record.email);
  }
}

function invalid(): ServiceError {
  return new ServiceError('validation_failed', invalidCodeMessage, { details: { field: 'code' } });
}

async function consume(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new SignInThrottledError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    throw rejection;
  }
}

async function blocked(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  const res = await limiter.get(key);
  return res !== null && res.consumedPoints > 10;
}
