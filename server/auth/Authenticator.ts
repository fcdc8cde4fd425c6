import { audienceAccepted } from '../oauth/resourceIndicators.js';
import type { Principal } from './Principal.js';

/** Resolves one kind of bearer credential (by its prefix) to a principal, or null when invalid. */
export type CredentialResolver = (secret: string) => Promise<Principal | null>;

/**
 * Turns a bearer token into a principal by dispatching on its type prefix; resolvers are
 * registered by the modules that issue credentials (API keys here, access tokens by OAuth).
 */
export class Authenticator {
  readonly #resolvers = new Map<string, CredentialResolver>();

  /** Registers the resolver of credentials that start with `prefix`. */
  register(prefix: string, resolver: CredentialResolver): void {
    this.#resolvers.set(prefix, resolver);
  }

  /**
   * The principal behind a bearer token, or null when it is unknown, expired, revoked or bound
   * to another resource (RFC 8707). `resource` is where it is used: null (default) for the
   * REST API and live sync, `<public url>/mcp` for the MCP endpoint (see `audienceAccepted`).
   */
  async authenticate(token: string, resource: string | null = null): Promise<Principal | null> {
    for (const [prefix, resolver] of this.#resolvers) {
      if (!token.startsWith(prefix)) continue;
      const principal = await resolver(token);
      return principal && audienceAccepted(principal, resource) ? principal : null;
    }
    return null;
  }
}
