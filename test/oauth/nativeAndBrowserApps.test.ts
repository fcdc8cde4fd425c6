import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isLoopbackHost, redirectUriMatches } from '../../server/oauth/redirectUris.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { authorizeAndApprove, authorizeUrl, insecure, openConsent, postForm, registerApp, startWithDeveloper } from './helpers/oauthFlow.js';

let t: TestServer;
let as: oauth.AuthorizationServer;
let dev: TestUser;
let cookie: string;

beforeAll(async () => {
  ({ t, as, dev, cookie } = await startWithDeveloper({ name: 'Native Dev' }));
});
afterAll(() => t.stop());

async function expectRefusedPage(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'manual', headers: { Cookie: cookie } });
  expect(response.status).toBe(400);
  expect(response.headers.get('location')).toBeNull();
  const page = await response.text();
  expect(page).not.toContain('action="/oauth/consent"');
  return page;
}

describe('one loopback rule for http redirect URIs', () => {
  test.each(['http://localhost:3000/cb', 'http://127.0.0.1:3000/cb', 'http://127.0.0.2/cb', 'http://127.255.0.9:8080/cb', 'http://[::1]:3000/cb'])(
    '%s is a loopback URI and may use http',
    async (redirectUri) => {
      await expect(registerApp(t, dev, { redirectUri })).resolves.toBeTruthy();
    },
  );

  test.each([
    'http://128.0.0.1/cb',
    'http://127.0.0.1.nip.io/cb',
    'http://localhost.evil.test/cb',
    'http://[::2]/cb',
    'http://[::ffff:127.0.0.1]/cb',
    'http://0.0.0.0/cb',
    'http://app.localhost/cb',
  ])('%s is not loopback: http is refused with a field error, nothing stored', async (redirectUri) => {
    const before = await t.server.services.oauth.apps.listForWorkspace(dev.workspaceId);
    await expect(registerApp(t, dev, { redirectUri })).rejects.toMatchObject({ code: 'validation_failed', issues: [{ field: 'redirectUri' }] });
    expect(await t.server.services.oauth.apps.listForWorkspace(dev.workspaceId)).toHaveLength(before.length);
  });

  test('isLoopbackHost names localhost, 127.0.0.0/8 and [::1] only', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['127.0.0.1.example', '10.0.0.1', '[::]', 'localhost.', 'LOCALHOST.example'].some(isLoopbackHost)).toBe(false);
  });
});

describe('RFC 8252 §7.3: any port on a loopback redirect for apps that cannot keep a secret', () => {
  test('redirectUriMatches: the port is free only for public apps on http loopback; everything else must be identical', () => {
    const registered = 'http://127.0.0.1/callback';
    expect(redirectUriMatches(registered, 'http://127.0.0.1:53122/callback', true)).toBe(true);
    expect(redirectUriMatches('http://[::1]:1/cb', 'http://[::1]:40000/cb', true)).toBe(true);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:53122/callback', false)).toBe(false);
    expect(redirectUriMatches('https://app.example/cb', 'https://app.example:8443/cb', true)).toBe(false);
    for (const wrong of [
      'http://127.0.0.1:53122/callback/',
      'http://127.0.0.1:53122/Callback',
      'http://127.0.0.2:53122/callback',
      'http://localhost:53122/callback',
      'http://127.0.0.1:53122/callback?x=1',
      'http://127.0.0.1:53122/callback#f',
      'http://u@127.0.0.1:53122/callback',
      'https://127.0.0.1:53122/callback',
      'http://127.0.0.1:053122/callback',
      'not a uri',
    ]) {
      expect(redirectUriMatches(registered, wrong, true), wrong).toBe(false);
    }
  });

  test('a native app completes the flow on an ephemeral port; the token request must repeat that exact URI', async () => {
    const app = await registerApp(t, dev, { isPublic: true, redirectUri: 'http://127.0.0.1/callback' });
    const onPort = { ...app, redirectUri: 'http://127.0.0.1:49152/callback' };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const callback = await authorizeAndApprove(t, cookie, onPort, { state, codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) });
    expect(`${callback.origin}${callback.pathname}`).toBe('http://127.0.0.1:49152/callback');
    const params = oauth.validateAuthResponse(as, app.client, callback, state);
    const code = params.get('code') ?? '';
    const otherPort = await postForm(t, '/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:49153/callback', client_id: app.clientId, code_verifier: verifier });
    expect(otherPort.status).toBe(400);
    expect(((await otherPort.json()) as { error: string }).error).toBe('invalid_grant');
    const response = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, onPort.redirectUri, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, app.client, response);
    expect((await t.api(tokens.access_token, 'GET', '/me')).status).toBe(200);
  });

  test('a confidential app on a loopback URI gets no port freedom; a public app none for other hosts or paths', async () => {
    const confidential = await registerApp(t, dev, { redirectUri: 'http://127.0.0.1:9/callback' });
    await expectRefusedPage(authorizeUrl(t, confidential, { redirectUri: 'http://127.0.0.1:10/callback', state: 's' }));
    const native = await registerApp(t, dev, { isPublic: true, redirectUri: 'http://127.0.0.1:9/callback' });
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    await expectRefusedPage(authorizeUrl(t, native, { redirectUri: 'http://127.0.0.1:10/other', codeChallenge: challenge }));
    await expectRefusedPage(authorizeUrl(t, native, { redirectUri: 'http://localhost:10/callback', codeChallenge: challenge }));
    const consent = await openConsent(cookie, authorizeUrl(t, native, { redirectUri: 'http://127.0.0.1:10/callback', codeChallenge: challenge }));
    expect(consent.response.status).toBe(200);
  });
});

describe('PKCE: a code_challenge without code_challenge_method', () => {
  test('is refused on the page, which says exactly what to send', async () => {
    const app = await registerApp(t, dev, { isPublic: true, redirectUri: 'https://native.example/cb' });
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const url = `${authorizeUrl(t, app, {})}&code_challenge=${challenge}`;
    expect(await expectRefusedPage(url)).toContain('code_challenge_method=S256');
  });
});

describe('CORS for public clients in the browser', () => {
  const origin = 'https://spa.example';

  test('metadata, token and revoke answer any origin, without credentials', async () => {
    const metadata = await fetch(`${t.url}/.well-known/oauth-authorization-server`, { headers: { Origin: origin } });
    expect(metadata.headers.get('access-control-allow-origin')).toBe('*');
    expect(metadata.headers.get('access-control-allow-credentials')).toBeNull();
    for (const path of ['/oauth/token', '/oauth/revoke']) {
      const response = await postForm(t, path, { client_id: 'app_unknown', token: 'x', grant_type: 'refresh_token', refresh_token: 'x' }, { Origin: origin });
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  test.each(['/oauth/token', '/oauth/revoke', '/.well-known/oauth-authorization-server'])('a preflight to %s is answered 204', async (path) => {
    const response = await fetch(`${t.url}${path}`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  test('the authorization endpoint and the pages get no CORS headers', async () => {
    for (const path of ['/oauth/', '/oauth/signin', '/oauth/consent']) {
      const response = await fetch(`${t.url}${path}`, { method: 'OPTIONS', headers: { Origin: origin } });
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  test('a single-page app (public client, PKCE, loopback dev server on any port) connects, refreshes and revokes', async () => {
    const spa = await registerApp(t, dev, { isPublic: true, redirectUri: 'http://localhost/app/callback' });
    const devServer = { ...spa, redirectUri: 'http://localhost:5173/app/callback' };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const callback = await authorizeAndApprove(t, cookie, devServer, { state, codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) });
    const params = oauth.validateAuthResponse(as, spa.client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      spa.client,
      await oauth.authorizationCodeGrantRequest(as, spa.client, spa.auth, params, devServer.redirectUri, verifier, { ...insecure, headers: { Origin: 'http://localhost:5173' } }),
    );
    const refreshed = await oauth.processRefreshTokenResponse(as, spa.client, await oauth.refreshTokenGrantRequest(as, spa.client, spa.auth, tokens.refresh_token ?? '', insecure));
    const revoked = await oauth.revocationRequest(as, spa.client, spa.auth, refreshed.access_token, insecure);
    await oauth.processRevocationResponse(revoked);
    expect((await t.api(refreshed.access_token, 'GET', '/me')).status).toBe(401);
  });
});
