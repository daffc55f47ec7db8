import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { MAX_FAILURES_PER_PAIR } from '../../src/modules/auth/login-throttle.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, signIn, TEST_PASSWORD } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// Each test changes passwords from its own address, so the sign-in throttle of one never touches another.
let lastOctet = 0;
const newAddress = () => `198.51.100.${(lastOctet += 1)}`;

const NEW_PASSWORD = 'un-tout-nouveau-secret';

function change(cookie: string, payload: Record<string, unknown>, remoteAddress = newAddress()) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/my-account/password',
    headers: { cookie },
    remoteAddress,
    payload,
  });
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const appLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/public/login', payload: { email, password } });
const webLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('PUT /api/my-account/password', () => {
  it('sets the new password and ends every other session, web and app, but not this one', async () => {
    const user = await makeSignedIn(t);
    const otherBrowser = await signIn(t, user.email);
    expect((await appLogin(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const bystander = await makeSignedIn(t);

    const response = await change(user.cookie, {
      current: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(204);

    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(otherBrowser)).statusCode).toBe(204);
    const left = await t.db.selectFrom('sessions').select('kind').where('user_id', '=', user.id).execute();
    expect(left).toEqual([{ kind: 'web' }]);
    expect((await me(bystander.cookie)).statusCode).toBe(200);

    expect((await webLogin(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await webLogin(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password, changing nothing and ending no session', async () => {
    const user = await makeSignedIn(t);
    const otherBrowser = await signIn(t, user.email);
    const response = await change(user.cookie, {
      current: 'pas-le-bon',
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: MESSAGES.currentPasswordWrong,
      fields: { current: MESSAGES.currentPasswordWrong },
    });
    expect((await me(otherBrowser)).statusCode).toBe(200);
    expect((await webLogin(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear message, changing nothing', async () => {
    const user = await makeSignedIn(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ current: '', password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, MESSAGES.currentPasswordRequired],
      [{ current: TEST_PASSWORD, password: 'court', confirmation: 'court' }, MESSAGES.passwordTooShort],
      [{ current: TEST_PASSWORD, password: 'x'.repeat(129), confirmation: '' }, MESSAGES.passwordTooLong],
      [
        { current: TEST_PASSWORD, password: NEW_PASSWORD, confirmation: `${NEW_PASSWORD}!` },
        MESSAGES.passwordsDiffer,
      ],
      [
        { current: TEST_PASSWORD, password: TEST_PASSWORD, confirmation: TEST_PASSWORD },
        MESSAGES.passwordUnchanged,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await change(user.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = response.json<{ error: { message: string; fields?: Record<string, string> } }>();
      expect([error.message, ...Object.values(error.fields ?? {})]).toContain(message);
    }
    expect((await webLogin(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in: the same throttle stops guessing', async () => {
    const user = await makeSignedIn(t);
    const address = newAddress();
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i += 1) {
      const response = await change(
        user.cookie,
        { current: `essai-${i}-faux`, password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
        address,
      );
      expect(response.statusCode).toBe(400);
    }
    const throttled = await change(
      user.cookie,
      { current: TEST_PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
      address,
    );
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.message).toBe(MESSAGES.tooManyAttempts);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await webLogin(user.email, TEST_PASSWORD)).statusCode).not.toBe(200);
  });

  it('refuses someone not signed in', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/my-account/password',
      payload: { current: TEST_PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
