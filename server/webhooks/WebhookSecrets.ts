import { hkdfSync } from 'node:crypto';
import { openSealedSecret, sealSecret } from '../oauth/secretSeal.js';

/** Opened secrets kept in memory before the cache is cleared. */
const maxCached = 10_000;

/**
 * Keeps webhook signing secrets sealed at rest. A webhook must sign with its secret, so it cannot
 * be stored as a digest like API keys; it is stored as a JWE (`dir` + A256GCM) under a key derived
 * with HKDF from the server secret (`BOARDS_SESSION_SECRET`, or the generated one in the data
 * dir) for this purpose only. A copy of the database alone does not reveal secrets.
 */
export class WebhookSecrets {
  readonly #key: Uint8Array;
  readonly #opened = new Map<string, string>();

  constructor(serverSecret: string) {
    this.#key = new Uint8Array(hkdfSync('sha256', serverSecret, 'boards-server', 'webhook-secrets', 32));
  }

  /** Seals a secret for storage. */
  async seal(secret: string): Promise<string> {
    return sealSecret(secret, this.#key);
  }

  /** Opens a sealed secret (cached by its sealed form, which changes on rotation). */
  async open(sealed: string): Promise<string> {
    const cached = this.#opened.get(sealed);
    if (cached !== undefined) return cached;
    const secret = await openSealedSecret(sealed, this.#key);
    if (this.#opened.size >= maxCached) this.#opened.clear();
    this.#opened.set(sealed, secret);
    return secret;
  }
}
