import type * as OpenIdClient from 'openid-client';
import type { Clock } from '../../storage/index.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { OidcProviderConfig } from '../config.js';
import { ServiceError } from '../errors.js';
import type { SignInRecords } from './accountSignedIn.js';
import { accountSignedIn } from './accountSignedIn.js';
import type { SessionService } from './SessionService.js';

/** A provider as the sign-in page lists it. */
export interface OidcProviderView {
  slot: number;
  name: string;
}

const stateLifetimeMs = 10 * 60 * 1000;

/** The one message of every failed provider sign-in, whatever the cause. */
export const oidcFailureMessage = 'Sign-in with the provider did not succeed. Try again.';

let openIdClient: Promise<typeof OpenIdClient> | undefined;

/** openid-client, loaded on the first sign-in with a provider: a server without one never holds it. */
function loadOpenIdClient(): Promise<typeof OpenIdClient> {
  openIdClient ??= import('openid-client');
  return openIdClient;
}

/**
 * Sign-in with up to three OpenID Connect providers (openid-client): authorization code with
 * PKCE, `state` and `nonce` kept in a signed short-lived cookie. The provider must vouch for
 * the email (`email_verified`); the first sign-in of an address creates the account.
 */
export class OidcSignIn {
  readonly #providers: readonly OidcProviderConfig[];
  readonly #sessions: SessionService;
  readonly #publicUrl: string;
  readonly #signedIn: { accounts: AccountService; records?: SignInRecords | undefined; clock: Clock };
  readonly #configs = new Map<number, Promise<OpenIdClient.Configuration>>();

  constructor(options: {
    providers: readonly OidcProviderConfig[];
    accounts: AccountService;
    sessions: SessionService;
    publicUrl: string;
    clock: Clock;
    records?: SignInRecords;
  }) {
    this.#signedIn = { accounts: options.accounts, records: options.records, clock: options.clock };
    this.#providers = options.providers;
    this.#sessions = options.sessions;
    this.#publicUrl = options.publicUrl;
  }

  /** The configured providers. */
  list(): OidcProviderView[] {
    return this.#providers.map((p) => ({ slot: p.slot, name: p.name }));
  }

  /** Where the provider sends the person back. */
  callbackUrl(slot: number): string {
    return `${this.#publicUrl}/oauth/signin/oidc/${slot}/callback`;
  }

  /** Starts a sign-in: the provider's authorization URL and the signed state to keep in a cookie. */
  async begin(slot: number, returnTo: string): Promise<{ url: string; state: string }> {
    const config = await this.#config(slot);
    const client = await loadOpenIdClient();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl(slot),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const signed = await this.#sessions.sign('oidc', { slot: String(slot), verifier, state, nonce, returnTo }, stateLifetimeMs);
    return { url: url.href, state: signed };
  }

  /** Completes a sign-in from the callback URL; returns the user id and where to go next. Throws 401 on any failure. */
  async complete(slot: number, callbackUrl: URL, signedState: string | undefined): Promise<{ userId: string; returnTo: string }> {
    const saved = await this.#sessions.verify('oidc', signedState);
    if (!saved || saved.slot !== String(slot)) throw failed('missing or foreign sign-in state');
    const config = await this.#config(slot);
    const client = await loadOpenIdClient();
    let claims: OpenIdClient.IDToken | OpenIdClient.UserInfoResponse | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: String(saved.verifier),
        expectedState: String(saved.state),
        expectedNonce: String(saved.nonce),
      });
      claims = tokens.claims();
      // In the code flow providers may keep email and name out of the ID token and return them
      // only from userinfo (OIDC Core 5.4; oidc-provider's default), bound to the ID token's sub.
      if (claims && typeof claims.email !== 'string') claims = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    } catch (error) {
      throw failed('provider exchange failed', error);
    }
    const email = typeof claims?.email === 'string' ? claims.email : null;
    if (!email || claims?.email_verified !== true) throw failed('provider gave no verified email');
    const name = typeof claims.name === 'string' ? claims.name : undefined;
    try {
      const userId = await accountSignedIn(this.#signedIn, email, name);
      return { userId, returnTo: String(saved.returnTo) };
    } catch (error) {
      // A malformed address from the provider, or a concurrent first sign-in: the same generic failure.
      if (error instanceof ServiceError) throw failed('no account for the provider email', error);
      throw error;
    }
  }

  /** Where a sign-in with this signed state was going, to offer sign-in again after a failure; null when the state is not ours. */
  async returnToOf(signedState: string | undefined): Promise<string | null> {
    const saved = await this.#sessions.verify('oidc', signedState);
    return typeof saved?.returnTo === 'string' ? saved.returnTo : null;
  }

  #config(slot: number): Promise<OpenIdClient.Configuration> {
    const provider = this.#providers.find((p) => p.slot === slot);
    if (!provider) return Promise.reject(new ServiceError('not_found', 'No such sign-in provider.'));
    let config = this.#configs.get(slot);
    if (!config) {
      const issuer = new URL(provider.issuer);
      const insecure = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      // HTTP Basic: the method every authorization server must support (RFC 6749 2.3.1) and the
      // OIDC default for registered clients; openid-client would otherwise send the secret in the body.
      config = loadOpenIdClient().then((client) =>
        client.discovery(issuer, provider.clientId, provider.clientSecret, client.ClientSecretBasic(provider.clientSecret), insecure ? { execute: [client.allowInsecureRequests] } : {}),
      );
      config.catch(() => this.#configs.delete(slot));
      this.#configs.set(slot, config);
    }
    return config;
  }
}

/** The one generic failure; the specific reason travels as the cause, for the server log only. */
function failed(reason: string, cause?: unknown): ServiceError {
  return new ServiceError('unauthorized', oidcFailureMessage, {
    cause: cause === undefined ? new Error(reason) : new Error(reason, { cause }),
  });
}
