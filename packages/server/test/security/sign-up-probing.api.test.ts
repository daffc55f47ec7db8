import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { MAX_FAILURES_PER_IP } from '../../src/modules/auth/login-throttle.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser, TEST_PASSWORD, uniqueEmail } from '../factories.ts';

// The route's burst limit is raised out of the way: what is tested is the count kept in the database.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SIGN_IN_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  await t.close();
});

function signUp(email: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/public/signup',
    remoteAddress,
    payload: { email, pseudonym: 'Curieux', password: 'un-mot-de-passe', accept_terms: true },
  });
}

describe('probing which e-mails exist through sign-up', () => {
  it(`stops an address after ${MAX_FAILURES_PER_IP} sign-ups on taken e-mails, sign-in included`, async () => {
    const existing = await makeUser(t);
    const prober = '192.0.2.10';
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) {
      const taken = await signUp(existing.email, prober);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe(MESSAGES.emailTaken);
    }

    const next = await signUp(uniqueEmail('sonde'), prober);
    expect(next.statusCode).toBe(429);
    expect(next.json().error.message).toBe(MESSAGES.tooManyAttempts);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: prober,
      payload: { email: existing.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);

    expect((await signUp(uniqueEmail('voisin'), '192.0.2.11')).statusCode).toBe(201);
  });

  it('does not count a sign-up on a new e-mail, nor slow the taken account down', async () => {
    const existing = await makeUser(t);
    const address = '192.0.2.20';
    await t.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: MAX_FAILURES_PER_IP - 1 }, () => ({ bucket: `ip:${address}`, at: Date.now() })),
      )
      .execute();
    for (let i = 0; i < 3; i += 1)
      expect((await signUp(uniqueEmail('nouveau'), address)).statusCode).toBe(201);
    for (let i = 0; i < 20; i += 1) expect((await signUp(existing.email, '192.0.2.21')).statusCode).toBe(409);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '192.0.2.22',
      payload: { email: existing.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
