import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer } from '../helpers/testServer.js';
import { startTestServer } from '../helpers/testServer.js';

let t: TestServer;
let port: string;

beforeAll(async () => {
  // The development default: the public URL says localhost while the server listens on 127.0.0.1.
  t = await startTestServer({ env: { BOARDS_PUBLIC_URL: '' } });
  port = new URL(t.url).port;
});
afterAll(() => t.stop());

const postEmail = (origin: string) =>
  fetch(`${t.url}/oauth/signin/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ email: 'ada@example.com', return_to: '/console' }).toString(),
    redirect: 'manual',
  });

describe('sign-in forms in development', () => {
  test('the public URL names the bound port', () => {
    expect(t.server.services.config.publicUrl).toBe(`http://localhost:${port}`);
  });

  test.each(['localhost', '127.0.0.1', '[::1]'])('a form posted from http://%s:<port> is accepted', async (host) => {
    const response = await postEmail(`http://${host}:${port}`);
    expect(response.status).not.toBe(403);
  });

  test('a form from another address is refused with a message that says what to do', async () => {
    const response = await postEmail('http://boards.example.com');
    expect(response.status).toBe(403);
    const page = await response.text();
    expect(page).toContain('BOARDS_PUBLIC_URL');
    expect(page).toContain(`http://localhost:${port}/oauth/signin`);
    expect(page).not.toContain('shared with the app');
  });
});
