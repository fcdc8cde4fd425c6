import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { decide, openConsent, registerApp, startWithDeveloper } from './helpers/oauthFlow.js';

let t: TestServer;
let dev: TestUser;
let cookie: string;

beforeAll(async () => {
  ({ t, dev, cookie } = await startWithDeveloper({ name: 'Snippet Dev' }));
});
afterAll(() => t.stop());

describe('the native-app snippet of docs/oauth.md, with openid-client', () => {
  test('discovers (algorithm oauth2), authorizes on an ephemeral loopback port, exchanges, refreshes and revokes', async () => {
    const app = await registerApp(t, dev, { isPublic: true, redirectUri: 'http://127.0.0.1/callback' });
    const config = await client.discovery(new URL(t.url), app.clientId, undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const authorizeUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: `http://127.0.0.1:${port}/callback`,
        scope: 'user:read boards:read',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      const callback = new Promise<URL>((resolve) =>
        server.once('request', (req, res) => {
          res.end('You can close this window.');
          resolve(new URL(req.url ?? '/', `http://127.0.0.1:${port}`));
        }),
      );
      // The person's browser: consent, then follow the redirect to the app's loopback server.
      const { fields } = await openConsent(cookie, authorizeUrl.href);
      const decided = await decide(t, cookie, fields, 'approve');
      await fetch(decided.headers.get('location') ?? '');
      const tokens = await client.authorizationCodeGrant(config, await callback, { pkceCodeVerifier: verifier, expectedState: state });
      expect(tokens.scope).toBe('user:read boards:read');
      expect((await t.api(tokens.access_token, 'GET', '/me')).status).toBe(200);
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
      await client.tokenRevocation(config, refreshed.refresh_token ?? '');
      expect((await t.api(refreshed.access_token, 'GET', '/me')).status).toBe(401);
    } finally {
      server.close();
    }
  });
});
