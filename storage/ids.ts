import { randomBytes } from 'node:crypto';

/**
 * A new random identifier `<prefix>_<20 hex chars>` (80 bits): unguessable enough that an id
 * alone never grants access, short enough for URLs.
 */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}
