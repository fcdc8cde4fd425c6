import type { Authenticator } from '../../server/auth/Authenticator.js';
import type { Principal } from '../../server/auth/Principal.js';

/**
 * Resolves a bearer token once for every request that presents it in one event-loop turn: a busy
 * integration sending many requests with one key costs one read of the key and of its person per
 * turn, not one per request. As fresh as a read per request: the requests handled in one turn
 * were all received before the turn began (the poll phase hands out the sockets that were
 * readable then), so a change answered before any of them was sent was stored before the shared
 * read was made. A revoked key or a removed person is refused from the next request on, whichever
 * process made the change.
 */
export class SameTurnCredentials {
  readonly #authenticator: Authenticator;
  /** The resolutions made in this turn, by resource and token; cleared when the turn ends. */
  readonly #thisTurn = new Map<string, Promise<Principal | null>>();

  constructor(authenticator: Authenticator) {
    this.#authenticator = authenticator;
  }

  /** The principal behind `token` where it is used (`resource`, as `Authenticator.authenticate`), or null. */
  authenticate(token: string, resource: string | null): Promise<Principal | null> {
    const key = `${resource ?? ''} ${token}`;
    let resolved = this.#thisTurn.get(key);
    if (resolved === undefined) {
      if (this.#thisTurn.size === 0) setImmediate(() => this.#thisTurn.clear());
      resolved = this.#authenticator.authenticate(token, resource);
      this.#thisTurn.set(key, resolved);
    }
    return resolved;
  }
}

const byAuthenticator = new WeakMap<Authenticator, SameTurnCredentials>();

/** The same-turn resolutions of `authenticator` (one per authenticator, so that servers in one process never share them). */
export function sameTurnCredentials(authenticator: Authenticator): SameTurnCredentials {
  let shared = byAuthenticator.get(authenticator);
  if (shared === undefined) {
    shared = new SameTurnCredentials(authenticator);
    byAuthenticator.set(authenticator, shared);
  }
  return shared;
}
