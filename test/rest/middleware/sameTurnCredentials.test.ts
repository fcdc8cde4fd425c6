import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { SameTurnCredentials, sameTurnCredentials } from '../../../rest/middleware/SameTurnCredentials.js';
import { Authenticator } from '../../../server/auth/Authenticator.js';
import type { Principal } from '../../../server/auth/Principal.js';

/** An authenticator of `key_` tokens that counts its resolutions and answers a fresh principal each time (null once revoked). */
function countingAuthenticator(): { authenticator: Authenticator; resolutions: () => number; revoke: () => void } {
  const authenticator = new Authenticator();
  let resolutions = 0;
  let revoked = false;
  authenticator.register('key_', async (secret) => {
    resolutions += 1;
    await Promise.resolve();
    if (revoked) return null;
    return { user: { id: 'usr_1' }, workspace: { id: 'wsp_1' }, workspaceRole: 'owner', scopes: new Set(), credential: { kind: 'api_key', id: secret } } as unknown as Principal;
  });
  return { authenticator, resolutions: () => resolutions, revoke: () => (revoked = true) };
}

test('requests presenting one token in one turn share its resolution; the next turn reads it again', async () => {
  const { authenticator, resolutions, revoke } = countingAuthenticator();
  const shared = new SameTurnCredentials(authenticator);
  const [first, second] = await Promise.all([shared.authenticate('key_a', null), shared.authenticate('key_a', null)]);
  expect(resolutions()).toBe(1);
  expect(second).toBe(first);
  // Another token, or the same one where another resource is asked for, is resolved on its own.
  await Promise.all([shared.authenticate('key_b', null), shared.authenticate('key_a', 'http://127.0.0.1/mcp')]);
  expect(resolutions()).toBe(3);

  await nextTurn();
  revoke();
  expect(await shared.authenticate('key_a', null)).toBeNull();
  expect(resolutions()).toBe(4);
});

test('each authenticator has its own same-turn resolutions, so two servers in one process never share a principal', async () => {
  const one = countingAuthenticator();
  const other = countingAuthenticator();
  expect(sameTurnCredentials(one.authenticator)).toBe(sameTurnCredentials(one.authenticator));
  await Promise.all([sameTurnCredentials(one.authenticator).authenticate('key_a', null), sameTurnCredentials(other.authenticator).authenticate('key_a', null)]);
  expect([one.resolutions(), other.resolutions()]).toEqual([1, 1]);
});
