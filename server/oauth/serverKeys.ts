import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/** Keys derived from the server secret; each purpose gets its own key (HKDF, RFC 5869). */
export interface ServerKeys {
  /** HMAC key for session cookies, CSRF tokens and sign-in tickets (HS256). */
  readonly signing: Uint8Array;
  /** AES-256-GCM key that seals client secrets for the console's "reveal" (JWE `dir`). */
  readonly sealing: Uint8Array;
}

const secretFileName = 'session-secret';

/**
 * The server secret: `BOARDS_SESSION_SECRET`, or a random one generated on first start and kept
 * in `<data dir>/session-secret` (mode 0600) so sessions survive restarts.
 */
export function loadServerSecret(config: Pick<Config, 'sessionSecret' | 'dataDir'>): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, secretFileName);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  return secret;
}

/** Derives the purpose keys from the server secret. */
export function deriveServerKeys(secret: string): ServerKeys {
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', secret, 'boards-server', info, 32));
  return Object.freeze({ signing: derive('signing'), sealing: derive('sealing') });
}
