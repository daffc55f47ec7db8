import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import {
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_PAIR,
  MAX_FAILURES_PER_IP,
} from '../../src/modules/auth/login-throttle.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser, TEST_PASSWORD } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// Each test signs in from its own address, so the per-address limits of one test never touch another.
let lastOctet = 0;
function newAddress() {
  lastOctet += 1;
  return `203.0.113.${lastOctet}`;
}

function login(email: string, password: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password },
  });
}

async function failTimes(count: number, email: string, remoteAddress: string) {
  for (let i = 0; i < count; i += 1) {
    const response = await login(email, 'pas-le-bon', remoteAddress);
    expect(response.statusCode).toBe(401);
  }
}

function expectThrottled(response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: { code: 'too_many_requests', message: MESSAGES.tooManyAttempts },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000);
  expect(response.cookies).toHaveLength(0);
}

describe('per e-mail and address', () => {
  it(`refuses the account from that address after ${MAX_FAILURES_PER_PAIR} failures, even with the right password`, async () => {
    const victim = await makeUser(t);
    const address = newAddress();
    await failTimes(MAX_FAILURES_PER_PAIR, victim.email, address);
    expectThrottled(await login(victim.email, TEST_PASSWORD, address));
  });

  it('counts failures whatever the case and spaces of the e-mail', async () => {
    const victim = await makeUser(t);
    const address = newAddress();
    await failTimes(MAX_FAILURES_PER_PAIR, `  ${victim.email.toUpperCase()} `, address);
    expectThrottled(await login(victim.email, TEST_PASSWORD, address));
  });

  it('still lets another account sign in from the same address', async () => {
    const victim = await makeUser(t);
    const other = await makeUser(t);
    const address = newAddress();
    await failTimes(MAX_FAILURES_PER_PAIR, victim.email, address);
    expect((await login(other.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const user = await makeUser(t);
    const address = newAddress();
    await failTimes(MAX_FAILURES_PER_PAIR - 1, user.email, address);
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    await failTimes(MAX_FAILURES_PER_PAIR - 1, user.email, address);
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('counts only the last 15 minutes', async () => {
    const user = await makeUser(t);
    const old = Date.now() - LOGIN_WINDOW_MS - 1000;
    const address = newAddress();
    await t.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: MAX_FAILURES_PER_PAIR }, () => [
          { bucket: `email:${user.email}`, at: old },
          { bucket: `pair:${address} ${user.email}`, at: old },
        ]).flat(),
      )
      .execute();
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });
});

describe('per address', () => {
  it(`refuses an address after ${MAX_FAILURES_PER_IP} failures over many accounts`, async () => {
    const address = newAddress();
    // Seeded in the database: the burst limit of the route would stop a real spray sooner.
    await t.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: MAX_FAILURES_PER_IP - 1 }, () => ({ bucket: `ip:${address}`, at: Date.now() })),
      )
      .execute();
    await failTimes(1, 'quelquun@exemple.fr', address);

    const user = await makeUser(t);
    expectThrottled(await login(user.email, TEST_PASSWORD, address));
    expect((await login(user.email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it('answers a burst of sign-in requests from one address with 429 and the same French message', async () => {
    const address = newAddress();
    let response = await login('rafale@exemple.fr', 'pas-le-bon', address);
    for (let i = 0; i < 40 && response.statusCode !== 429; i += 1) {
      response = await login(`rafale-${i}@exemple.fr`, 'pas-le-bon', address);
    }
    expectThrottled(response);
  });
});
