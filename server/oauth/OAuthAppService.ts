import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { OAuthAppRecord, OAuthLogoRecord } from '../../storage/schema/oauth.js';
import { oauthCollections } from '../../storage/schema/oauth.js';
import type { AccountService } from '../accounts/AccountService.js';
import { planCapError } from '../accounts/planCap.js';
import { plans } from '../accounts/plans.js';
import { parseScopes } from '../auth/scopes.js';
import { credentialPrefixes, digestSecret, newSecret } from '../auth/secrets.js';
import { errors, ValidationError } from '../errors.js';
import type { GrantService } from './GrantService.js';
import { checkLogo } from './logo.js';
import { publishableRedirectProblem, redirectUriProblem } from './redirectUris.js';
import { openSealedSecret, sealSecret } from './secretSeal.js';

/** Version of the developer terms; registering and publishing need the current one accepted. */
export const developerTermsVersion = '2026-10-01';

/** OAuth apps per workspace (SPEC "Limits"; the plan table's `oauthApps`, the same on every plan). */
export const maxAppsPerWorkspace = plans.basic.oauthApps;

/** Input of `register`. */
export interface RegisterAppInput {
  userId: string;
  name: string;
  description?: string;
  redirectUri: string;
  /** Space-separated or a list of catalogue scopes. */
  scopes: string | readonly string[];
  /** "Cannot keep a secret" (public client, PKCE only); fixed at registration. */
  isPublic: boolean;
  /** The developer terms version accepted; must be the current one. */
  acceptedTerms: string | boolean;
  logo?: Uint8Array;
  /**
   * Operators only (CLI, migrations): keep an existing client ID and secret instead of new ones.
   * IDs use `[A-Za-z0-9._~-]`; secrets are 32+ visible characters (spaces allowed).
   */
  imported?: { clientId: string; clientSecret?: string };
}

/** Registration result; `clientSecret` is null for apps that cannot keep a secret. */
export interface RegisteredApp {
  app: OAuthAppRecord;
  clientSecret: string | null;
}

const importedIdPattern = /^[A-Za-z0-9._~-]{8,100}$/;
const importedSecretPattern = /^[\x20-\x7e]{32,200}$/;

/** OAuth apps: registration, the console's lifecycle operations, and client authentication. */
export class OAuthAppService {
  readonly #apps: Collection<OAuthAppRecord>;
  readonly #logos: Collection<OAuthLogoRecord>;
  readonly #accounts: AccountService;
  readonly #grants: GrantService;
  readonly #sealingKey: Uint8Array;
  readonly #serviceHost: string;
  readonly #clock: Clock;

  constructor(options: {
    db: Database;
    accounts: AccountService;
    grants: GrantService;
    sealingKey: Uint8Array;
    publicUrl: string;
    clock: Clock;
  }) {
    this.#apps = options.db.collection<OAuthAppRecord>(oauthCollections.apps);
    this.#logos = options.db.collection<OAuthLogoRecord>(oauthCollections.logos);
    this.#accounts = options.accounts;
    this.#grants = options.grants;
    this.#sealingKey = options.sealingKey;
    this.#serviceHost = new URL(options.publicUrl).hostname;
    this.#clock = options.clock;
  }

  /** Registers an app in the person's workspace, in development. Throws 422 per field, 402 (the plan cap `oauthApps`) past 25 apps. */
  async register(input: RegisterAppInput): Promise<RegisteredApp> {
    const user = await this.#accounts.getUser(input.userId);
    if (!user) throw errors.notFound('User');
    const name = input.name.trim();
    if (name.length === 0 || name.length > 200) throw errors.invalid('name', 'must be 1 to 200 characters');
    const description = (input.description ?? '').trim();
    if (description.length > 500) throw errors.invalid('description', 'must be at most 500 characters');
    const redirectProblem = redirectUriProblem(input.redirectUri);
    if (redirectProblem) throw errors.invalid('redirectUri', redirectProblem);
    const { scopes, unknown } = parseScopes(typeof input.scopes === 'string' ? input.scopes : input.scopes.join(' '));
    if (unknown.length > 0) throw new ValidationError([{ field: 'scopes', message: `unknown scope ${unknown[0]}` }]);
    if (scopes.length === 0) throw errors.invalid('scopes', 'must name at least one scope');
    if (input.acceptedTerms !== true && input.acceptedTerms !== developerTermsVersion) {
      throw errors.invalid('acceptTerms', `the developer terms (version ${developerTermsVersion}) must be accepted`);
    }
    const logoType = input.logo ? checkLogo(input.logo) : null;
    const existing = await this.#apps.count({ workspaceId: user.workspaceId, deletedAt: null });
    const { plan } = await this.#accounts.getWorkspace(user.workspaceId);
    if (existing >= plans[plan].oauthApps) {
      throw planCapError('oauthApps', plan, `A workspace on the ${plan} plan can have at most ${plans[plan].oauthApps} OAuth apps.`, { used: existing });
    }
    const { clientId, clientSecret } = this.#credentials(input);
    const now = this.#clock.now();
    const app: OAuthAppRecord = {
      id: clientId,
      workspaceId: user.workspaceId,
      ownerId: user.id,
      name,
      description,
      redirectUri: input.redirectUri,
      scopes,
      isPublic: input.isPublic,
      secretDigest: clientSecret === null ? null : digestSecret(clientSecret),
      secretSealed: clientSecret === null ? null : await sealSecret(clientSecret, this.#sealingKey),
      hasLogo: logoType !== null,
      termsVersion: developerTermsVersion,
      published: false,
      disabledAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.#apps.insert(app);
    if (input.logo && logoType) {
      await this.#logos.put({ id: clientId, contentType: logoType, base64: Buffer.from(input.logo).toString('base64') });
    }
    return { app, clientSecret };
  }

  #credentials(input: RegisterAppInput): { clientId: string; clientSecret: string | null } {
    if (!input.imported) {
      return { clientId: newId('app'), clientSecret: input.isPublic ? null : newSecret(credentialPrefixes.clientSecret) };
    }
    const { clientId, clientSecret } = input.imported;
    if (!importedIdPattern.test(clientId)) throw errors.invalid('clientId', 'must be 8 to 100 characters of A-Z a-z 0-9 . _ ~ -');
    if (input.isPublic) {
      if (clientSecret !== undefined) throw errors.invalid('clientSecret', 'an app that cannot keep a secret has none');
      return { clientId, clientSecret: null };
    }
    if (clientSecret === undefined) return { clientId, clientSecret: newSecret(credentialPrefixes.clientSecret) };
    if (!importedSecretPattern.test(clientSecret)) throw errors.invalid('clientSecret', 'must be 32 to 200 visible characters');
    return { clientId, clientSecret };
  }

  /** The app with this client ID, deleted or not, or null. */
  async find(clientId: string): Promise<OAuthAppRecord | null> {
    return this.#apps.get(clientId);
  }

  /** The app's logo, or null. */
  async logo(clientId: string): Promise<OAuthLogoRecord | null> {
    return this.#logos.get(clientId);
  }

  /** The workspace's apps (not deleted), oldest first. */
  async listForWorkspace(workspaceId: string): Promise<OAuthAppRecord[]> {
    return this.#apps.find({ workspaceId, deletedAt: null }, { sort: [['createdAt', 1]] });
  }

  /**
   * An app the person may manage: its registrant, or an owner or admin of its workspace.
   * Throws 404 otherwise (without saying whether it exists).
   */
  async manageable(userId: string, clientId: string): Promise<OAuthAppRecord> {
    const app = await this.#apps.get(clientId);
    if (!app || app.deletedAt !== null) throw errors.notFound('App');
    if (app.ownerId === userId) return app;
    const membership = await this.#accounts.getMembership(app.workspaceId, userId);
    if (membership && (membership.role === 'owner' || membership.role === 'admin')) {
      return app;
    }
    throw errors.notFound('App');
  }

  /** The client secret, unsealed for the console's "reveal"; 409 for apps without one. */
  async revealSecret(userId: string, clientId: string): Promise<string> {
    const app = await this.manageable(userId, clientId);
    if (app.secretSealed === null) throw errors.conflict('This app cannot keep a secret and has none.');
    return openSealedSecret(app.secretSealed, this.#sealingKey);
  }

  /** Replaces the client secret; the old one stops working, existing tokens keep working (SPEC). */
  async rotateSecret(userId: string, clientId: string): Promise<string> {
    const app = await this.manageable(userId, clientId);
    if (app.isPublic) throw errors.conflict('This app cannot keep a secret and has none.');
    const secret = newSecret(credentialPrefixes.clientSecret);
    await this.#apps.updateOne(
      { id: app.id },
      { $set: { secretDigest: digestSecret(secret), secretSealed: await sealSecret(secret, this.#sealingKey), updatedAt: this.#clock.now() } },
    );
    return secret;
  }

  /** Changes name, description, logo (the redirect URI and kind are fixed). */
  async update(userId: string, clientId: string, changes: { name?: string; description?: string; logo?: Uint8Array }): Promise<OAuthAppRecord> {
    const app = await this.manageable(userId, clientId);
    const set: Partial<OAuthAppRecord> = { updatedAt: this.#clock.now() };
    if (changes.name !== undefined) {
      const name = changes.name.trim();
      if (name.length === 0 || name.length > 200) throw errors.invalid('name', 'must be 1 to 200 characters');
      set.name = name;
    }
    if (changes.description !== undefined) {
      const description = changes.description.trim();
      if (description.length > 500) throw errors.invalid('description', 'must be at most 500 characters');
      set.description = description;
    }
    if (changes.logo !== undefined) {
      const contentType = checkLogo(changes.logo);
      await this.#logos.put({ id: app.id, contentType, base64: Buffer.from(changes.logo).toString('base64') });
      set.hasLogo = true;
    }
    return (await this.#apps.updateOne({ id: app.id }, { $set: set })) ?? app;
  }

  /** Publishes the app (SPEC "OAuth app" states); throws 422 naming what is missing. */
  async publish(userId: string, clientId: string, acceptedTerms: string | boolean): Promise<OAuthAppRecord> {
    const app = await this.manageable(userId, clientId);
    const issues: { field: string; message: string }[] = [];
    if (app.description === '') issues.push({ field: 'description', message: 'is required to publish' });
    if (!app.hasLogo) issues.push({ field: 'logo', message: 'is required to publish' });
    const redirect = publishableRedirectProblem(app.redirectUri, this.#serviceHost);
    if (redirect) issues.push({ field: 'redirectUri', message: redirect });
    if (acceptedTerms !== true && acceptedTerms !== developerTermsVersion) {
      issues.push({ field: 'acceptTerms', message: `the current developer terms (version ${developerTermsVersion}) must be accepted` });
    }
    if (issues.length > 0) throw new ValidationError(issues);
    return (await this.#apps.updateOne(
      { id: app.id },
      { $set: { published: true, termsVersion: developerTermsVersion, updatedAt: this.#clock.now() } },
    )) ?? app;
  }

  /** Back to development; everyone outside the workspace is disconnected at once (SPEC). */
  async unpublish(userId: string, clientId: string): Promise<OAuthAppRecord> {
    const app = await this.manageable(userId, clientId);
    const updated = await this.#apps.updateOne({ id: app.id }, { $set: { published: false, updatedAt: this.#clock.now() } });
    const members = new Set((await this.#accounts.listWorkspaceMembers(app.workspaceId)).map((m) => m.userId));
    members.add(app.ownerId);
    await this.#grants.endConnections(app.id, (userIdOfConnection) => !members.has(userIdOfConnection));
    return updated ?? app;
  }

  /** Disables the app: every token ends at once and stays dead after re-enabling (SPEC). */
  async disable(userId: string, clientId: string): Promise<OAuthAppRecord> {
    const app = await this.manageable(userId, clientId);
    const updated = await this.#apps.updateOne({ id: app.id }, { $set: { disabledAt: this.#clock.now(), updatedAt: this.#clock.now() } });
    await this.#grants.endConnections(app.id, () => true);
    return updated ?? app;
  }

  /** Enables the app again; tokens ended by disabling stay dead. */
  async enable(userId: string, clientId: string): Promise<OAuthAppRecord> {
    const app = await this.manageable(userId, clientId);
    return (await this.#apps.updateOne({ id: app.id }, { $set: { disabledAt: null, updatedAt: this.#clock.now() } })) ?? app;
  }

  /**
   * Deletes the app: every token and pending code ends. The record stays as a tombstone without
   * credentials so its client ID is never reused.
   */
  async delete(userId: string, clientId: string): Promise<void> {
    const app = await this.manageable(userId, clientId);
    const now = this.#clock.now();
    await this.#apps.updateOne(
      { id: app.id },
      { $set: { deletedAt: now, updatedAt: now, secretDigest: null, secretSealed: null, published: false } },
    );
    await this.#logos.deleteMany({ id: app.id });
    await this.#grants.endConnections(app.id, () => true);
  }

  /** Whether the person may connect the app: anyone when published, else its workspace and registrant. */
  async mayConnect(app: OAuthAppRecord, userId: string): Promise<boolean> {
    if (app.published || app.ownerId === userId) return true;
    return (await this.#accounts.getMembership(app.workspaceId, userId)) !== null;
  }
}
