import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { ApiKeyRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import type { AccountService } from '../accounts/AccountService.js';
import { errors, ServiceError, ValidationError } from '../errors.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import type { Principal } from './Principal.js';
import type { Scope } from './scopes.js';
import { parseScopes } from './scopes.js';
import { credentialPrefixes, digestSecret, newSecret } from './secrets.js';

/** An API key as listed (never the secret). */
export interface ApiKeyView {
  id: string;
  name: string;
  scopes: string[];
  /** `bds_ak_…abcd`: the prefix and the last four characters. */
  display: string;
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
  revokedAt: number | null;
}

/** Input of `create`. */
export interface CreateApiKeyInput {
  userId: string;
  name?: string;
  /** Space-separated or a list; every name must be in the scope catalogue. */
  scopes: string | readonly string[];
  expiresAt?: number | null;
  /** The workspace the key acts in; default the person's own. They must be a member of it. */
  workspaceId?: string;
}

const lastUsedResolutionMs = 60_000;

/** API keys: created for a person with chosen scopes, shown once, stored as SHA-256 digests. */
export class ApiKeyService {
  readonly #keys: Collection<ApiKeyRecord>;
  readonly #accounts: AccountService;
  readonly #clock: Clock;
  readonly #records: Pick<RecordEventJournal, 'record'> | null;

  /**
   * `records` journals `api_key.revoked` before the revocation is stored and emits it once it is
   * (live sync connections opened with the key are closed); without it nothing is announced.
   */
  constructor(db: Database, accounts: AccountService, clock: Clock, records: Pick<RecordEventJournal, 'record'> | null = null) {
    this.#keys = db.collection<ApiKeyRecord>(accountCollections.apiKeys);
    this.#accounts = accounts;
    this.#clock = clock;
    this.#records = records;
  }

  /** Creates a key; the returned `secret` is the only time the key is shown. */
  async create(input: CreateApiKeyInput): Promise<{ key: ApiKeyView; secret: string }> {
    const user = await this.#accounts.getUser(input.userId);
    if (!user) throw errors.notFound('User');
    const requested = typeof input.scopes === 'string' ? input.scopes : input.scopes.join(' ');
    const { scopes, unknown } = parseScopes(requested);
    if (unknown.length > 0) throw new ValidationError([{ field: 'scopes', message: `unknown scope ${unknown[0]}` }]);
    if (scopes.length === 0) throw new ValidationError([{ field: 'scopes', message: 'must name at least one scope' }]);
    const name = (input.name ?? 'API key').trim();
    if (name.length === 0 || name.length > 100) throw errors.invalid('name', 'must be 1 to 100 characters');
    const workspaceId = input.workspaceId ?? user.workspaceId;
    if (!(await this.#accounts.getMembership(workspaceId, user.id))) {
      throw errors.forbidden('The person is not a member of that workspace.');
    }
    const secret = newSecret(credentialPrefixes.apiKey);
    const record: ApiKeyRecord = {
      id: newId('key'),
      userId: user.id,
      workspaceId,
      name,
      scopes,
      digest: digestSecret(secret),
      lastFour: secret.slice(-4),
      createdAt: this.#clock.now(),
      lastUsedAt: null,
      expiresAt: input.expiresAt ?? null,
      revokedAt: null,
    };
    await this.#keys.insert(record);
    return { key: toView(record), secret };
  }

  /** The person's keys, newest first. */
  async list(userId: string): Promise<ApiKeyView[]> {
    const keys = await this.#keys.find({ userId }, { sort: [['createdAt', -1]] });
    return keys.map(toView);
  }

  /**
   * Revokes one of the person's keys (idempotent); 404 when it is not theirs. `api_key.revoked` is
   * journaled before the revocation is stored, and announced once by whichever request revoked it.
   */
  async revoke(userId: string, keyId: string): Promise<ApiKeyView> {
    const key = await this.#keys.findOne({ id: keyId, userId });
    if (!key) throw errors.notFound('API key');
    if (key.revokedAt !== null) return toView(key);
    const now = this.#clock.now();
    const store = async (): Promise<ApiKeyRecord> => {
      const updated = await this.#keys.updateOne({ id: keyId, revokedAt: null }, { $set: { revokedAt: now } });
      // Revoked meanwhile by another request, which announces it.
      if (!updated) throw errors.conflict('The API key was revoked meanwhile.');
      return updated;
    };
    const plan = {
      stored: [{ collection: 'apiKeys', filter: { id: keyId, revokedAt: now } }],
      events: [{ type: 'api_key.revoked', payload: { workspaceId: key.workspaceId, actor: { userId }, at: now, userId, keyId } }],
    } as const;
    try {
      return toView(this.#records === null ? await store() : await this.#records.record(plan, store));
    } catch (error) {
      if (!(error instanceof ServiceError && error.code === 'conflict')) throw error;
      return toView((await this.#keys.get(keyId)) ?? key);
    }
  }

  /**
   * The principal a key acts as, or null when the key is unknown, revoked or expired, or its
   * creator no longer belongs to the key's workspace.
   */
  async authenticate(secret: string): Promise<Principal | null> {
    const key = await this.#keys.findOne({ digest: digestSecret(secret) });
    const now = this.#clock.now();
    if (!key || key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= now)) return null;
    const member = await this.#accounts.memberInWorkspace(key.userId, key.workspaceId);
    if (!member) return null;
    const { user, membership, workspace } = member;
    if (key.lastUsedAt === null || now - key.lastUsedAt > lastUsedResolutionMs) {
      await this.#keys.updateOne({ id: key.id }, { $set: { lastUsedAt: now } });
    }
    return {
      user,
      workspace,
      workspaceRole: membership.role,
      scopes: new Set(key.scopes as Scope[]),
      credential: key.expiresAt === null ? { kind: 'api_key', id: key.id } : { kind: 'api_key', id: key.id, expiresAtMs: key.expiresAt },
    };
  }
}

function toView(record: ApiKeyRecord): ApiKeyView {
  return {
    id: record.id,
    name: record.name,
    scopes: record.scopes,
    display: `${credentialPrefixes.apiKey}…${record.lastFour}`,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    expiresAt: record.expiresAt,
    revokedAt: record.revokedAt,
  };
}
