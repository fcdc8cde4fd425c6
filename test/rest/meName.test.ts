import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer } from '../helpers/testServer.js';
import { expectEnvelope, json, startTestServer } from '../helpers/testServer.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

describe('PATCH /me', () => {
  test('a person signed up without a name has the default one, not chosen; setting a name stores it and marks it chosen', async () => {
    const person = await t.createUser({ email: `grace.${Date.now()}@example.com` });
    const before = await json(t.api(person.key, 'GET', '/me'));
    expect(before.user).toMatchObject({ name: person.email.split('@')[0], nameChosen: false });
    const res = await t.api(person.key, 'PATCH', '/me', { name: '  Grace Hopper ' });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({ id: person.id, email: person.email, name: 'Grace Hopper', nameChosen: true });
    expect((await json(t.api(person.key, 'GET', '/me'))).user).toMatchObject({ name: 'Grace Hopper', nameChosen: true });
  });

  test('keeping the default name also counts as chosen, so the person is not asked again', async () => {
    const person = await t.createUser();
    const name = person.email.split('@')[0];
    expect((await json(t.api(person.key, 'PATCH', '/me', { name }))).user).toMatchObject({ name, nameChosen: true });
  });

  test('a name given at sign-up counts as chosen', async () => {
    const person = await t.createUser({ name: 'Ada Lovelace' });
    expect((await json(t.api(person.key, 'GET', '/me'))).user.nameChosen).toBe(true);
  });

  test('bad input: 422 naming the field, and the name is unchanged', async () => {
    const person = await t.createUser({ name: 'Kept Name' });
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 7 }, { name: 'A\u0000B' }]) {
      const error = await expectEnvelope(await t.api(person.key, 'PATCH', '/me', body), 422, 'validation_failed');
      expect(error.error.field).toBe('name');
    }
    await expectEnvelope(await t.api(person.key, 'PATCH', '/me', { name: 'Ok', email: 'new@example.com' }), 422, 'validation_failed');
    await expectEnvelope(await t.api(person.key, 'PATCH', '/me', 'not json', { 'Content-Type': 'application/json' }), 400, 'bad_request');
    expect((await json(t.api(person.key, 'GET', '/me'))).user).toMatchObject({ name: 'Kept Name', email: person.email });
  });

  test('needs user:write and a token', async () => {
    const reader = await t.createUser({ name: 'Reader', scopes: 'user:read' });
    await expectEnvelope(await t.api(reader.key, 'PATCH', '/me', { name: 'Other' }), 403, 'insufficient_scope');
    expect((await t.api(null, 'PATCH', '/me', { name: 'Other' })).status).toBe(401);
    expect((await json(t.api(reader.key, 'GET', '/me'))).user.name).toBe('Reader');
  });
});
