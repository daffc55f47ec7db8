import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { sha256 } from '../../src/lib/ids.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, TEST_PASSWORD } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SESSION_IDLE_MINUTES: '60' });
});
afterAll(async () => {
  await t.close();
});

function login(email: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email, password: TEST_PASSWORD },
  });
}

function me(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
}

function sessionCookieOf(response: { cookies: { name: string; value: string; expires?: Date }[] }) {
  const cookie = response.cookies.find((c) => c.name === 'coulisses_session');
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

function rawSetCookie(response: { headers: Record<string, unknown> }): string {
  return String(response.headers['set-cookie']);
}

function sessionRowsOf(userId: string) {
  return t.db
    .selectFrom('sessions')
    .select(['id_hash', 'expires_at'])
    .where('user_id', '=', userId)
    .execute();
}

describe('sign-in', () => {
  it('answers who signed in and when the session ends, and sets the session cookie', async () => {
    const user = await makeUser(t);
    const before = Date.now();
    const response = await login(user.email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({
      id: user.id,
      email: user.email,
      is_creator: true,
      is_superadmin: false,
      creator: { is_live: false, is_active: true },
    });
    expect(body.expiresAt).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(body.expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect(sessionCookieOf(response).expires?.getTime()).toBe(Math.floor(body.expiresAt / 1000) * 1000);
  });

  it('uses an opaque token of at least 128 random bits, stored only as a hash', async () => {
    const user = await makeUser(t);
    const token = sessionCookieOf(await login(user.email)).value;
    expect(token).toMatch(/^[\w-]{22,}$/);
    const rows = await sessionRowsOf(user.id);
    expect(rows.map((row) => row.id_hash)).toEqual([sha256(token)]);
    expect(JSON.stringify(await t.db.selectFrom('sessions').selectAll().execute())).not.toContain(token);
  });

  it('sets an HttpOnly, SameSite=Lax cookie on path /, not Secure over plain http', async () => {
    const user = await makeUser(t);
    const header = rawSetCookie(await login(user.email));
    expect(header).toMatch(/^coulisses_session=[\w-]+;/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/;');
    expect(header).not.toContain('Secure');
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    const user = await makeUser(t);
    const header = rawSetCookie(await login(user.email, { 'x-forwarded-proto': 'https' }));
    expect(header).not.toContain('Secure');
  });

  it('gives a new session id at every sign-in, even to a browser that sends one', async () => {
    const user = await makeUser(t);
    const first = sessionCookieOf(await login(user.email)).value;
    const second = sessionCookieOf(await login(user.email, { cookie: `coulisses_session=${first}` })).value;
    const third = sessionCookieOf(await login(user.email)).value;
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('works for a superadmin who is also a creator', async () => {
    const admin = await makeSignedIn(t, { superadmin: true });
    const response = await me(admin.cookie);
    expect(response.json().user).toMatchObject({ is_creator: true, is_superadmin: true });
  });
});

describe('Secure cookie behind a trusted HTTPS proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await proxied.close();
  });

  it('marks the cookie Secure when the proxy says the request came over https', async () => {
    const user = await makeUser(proxied);
    const response = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const header = rawSetCookie(response);
    expect(header).toContain('Secure');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
  });

  it('leaves it without Secure when the proxy says http', async () => {
    const user = await makeUser(proxied);
    const response = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'http' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(rawSetCookie(response)).not.toContain('Secure');
  });
});

describe('who am I', () => {
  it('answers with the cookie, and with a Bearer token (the mobile app)', async () => {
    const user = await makeSignedIn(t);
    expect((await me(user.cookie)).json().user.email).toBe(user.email);
    const token = user.cookie.split('=')[1];
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.json().user.email).toBe(user.email);
  });
});

describe('sign-out', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const user = await makeSignedIn(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = sessionCookieOf(response);
    expect(cleared.value).toBe('');
    expect(cleared.expires?.getTime() ?? 0).toBeLessThanOrEqual(Date.now());
    expect(await sessionRowsOf(user.id)).toEqual([]);

    expect((await me(user.cookie)).statusCode).toBe(204);
  });

  it('ends only that session: another device stays signed in', async () => {
    const user = await makeUser(t);
    const laptop = `coulisses_session=${sessionCookieOf(await login(user.email)).value}`;
    const phone = `coulisses_session=${sessionCookieOf(await login(user.email)).value}`;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: laptop } });
    expect((await me(laptop)).statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(200);
  });
});

describe('refresh', () => {
  it('swaps the session for a new id with a later expiry; the old id stops working', async () => {
    const user = await makeSignedIn(t);
    const before = (await me(user.cookie)).json().expiresAt as number;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    const renewed = sessionCookieOf(response);
    expect(`coulisses_session=${renewed.value}`).not.toBe(user.cookie);
    expect(response.json().expiresAt).toBeGreaterThanOrEqual(before);
    expect(rawSetCookie(response)).toContain('HttpOnly');

    expect((await me(user.cookie)).statusCode).toBe(204);
    expect((await me(`coulisses_session=${renewed.value}`)).json().user.id).toBe(user.id);
    expect(await sessionRowsOf(user.id)).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('takes an expired session for nobody, forgets it, and refuses it with 401 elsewhere', async () => {
    const user = await makeSignedIn(t);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1000 })
      .where('user_id', '=', user.id)
      .execute();
    const response = await me(user.cookie);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await sessionRowsOf(user.id)).toEqual([]);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: user.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toEqual({ error: { code: 'unauthorized', message: MESSAGES.sessionExpired } });
  });

  it('ends every session of a user who is deleted', async () => {
    const user = await makeSignedIn(t);
    await t.db.deleteFrom('creators').where('id', '=', user.id).execute();
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await me(user.cookie)).statusCode).toBe(204);
  });

  it('follows a change of role at once: a user no longer creator is refused', async () => {
    const user = await makeSignedIn(t);
    await t.db.updateTable('users').set({ is_creator: 0 }).where('id', '=', user.id).execute();
    expect((await me(user.cookie)).statusCode).toBe(204);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stats/dashboard',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.notACreator);
  });
});
