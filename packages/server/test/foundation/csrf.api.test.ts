import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, TEST_PASSWORD } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOST = 'coulisses.exemple.fr';

async function sessionCount() {
  const row = await t.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a string.
  return Number(row.n);
}

function logout(cookie: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { host: HOST, cookie, ...headers },
  });
}

function expectRefused(response: Awaited<ReturnType<typeof logout>>) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: { code: 'forbidden', message: MESSAGES.crossOrigin } });
  expect(response.cookies).toHaveLength(0);
}

async function stillSignedIn(cookie: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { host: HOST, cookie },
  });
  return response.statusCode === 200;
}

describe('a state change from another site', () => {
  it.each([
    ['an Origin of another site', { origin: 'https://pirate.exemple.com' }],
    ['an Origin with another scheme', { origin: `https://${HOST}` }],
    ['an Origin with another port', { origin: `http://${HOST}:8080` }],
    ['an opaque Origin', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    [
      'a same-origin Origin but Sec-Fetch-Site: cross-site',
      { origin: `http://${HOST}`, 'sec-fetch-site': 'cross-site' },
    ],
  ])('is refused with %s, and changes nothing', async (_, headers) => {
    const user = await makeSignedIn(t);
    expectRefused(await logout(user.cookie, headers));
    expect(await stillSignedIn(user.cookie)).toBe(true);
  });

  it('cannot sign a browser in (login CSRF)', async () => {
    const user = await makeUser(t);
    const before = await sessionCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST, origin: 'https://pirate.exemple.com' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expectRefused(response);
    expect(await sessionCount()).toBe(before);
  });

  it('is refused before the role check and before the body is read', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: '{pas du json',
    });
    expectRefused(response);
  });
});

describe('a state change from our own pages', () => {
  it.each([
    ['a same-origin Origin', { origin: `http://${HOST}` }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: `http://${HOST}` }],
    ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ['no Origin at all (the CLI, the mobile app)', {}],
  ])('goes through with %s', async (_, headers) => {
    const user = await makeSignedIn(t);
    expect((await logout(user.cookie, headers)).statusCode).toBe(204);
    expect(await stillSignedIn(user.cookie)).toBe(false);
  });
});

describe('reads', () => {
  it('are not blocked by the origin check (they change nothing)', async () => {
    const user = await makeSignedIn(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: {
        host: HOST,
        cookie: user.cookie,
        'sec-fetch-site': 'cross-site',
        origin: 'https://pirate.exemple.com',
      },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('behind a trusted HTTPS proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await proxied.close();
  });

  function proxiedLogin(origin: string, email: string) {
    return proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': HOST, origin },
      payload: { email, password: TEST_PASSWORD },
    });
  }

  it('accepts the public https origin and refuses others', async () => {
    const user = await makeUser(proxied);
    expect((await proxiedLogin(`https://${HOST}`, user.email)).statusCode).toBe(200);
    expect((await proxiedLogin(`http://${HOST}`, user.email)).statusCode).toBe(403);
    expect((await proxiedLogin('https://pirate.exemple.com', user.email)).statusCode).toBe(403);
  });
});
