import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import {
  ACCOUNT_DELAY_CAP_MS,
  ACCOUNT_FAILURES_BEFORE_DELAY,
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_PAIR,
} from '../../src/modules/auth/login-throttle.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser, TEST_PASSWORD } from '../factories.ts';

// The throttle reads the context's clock: the tests move it instead of waiting. The route's burst
// limit runs on real time, so it is raised out of the way.
let now = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SIGN_IN_RATE_LIMIT: '100000' }, { clock: () => now });
});
afterAll(async () => {
  await t.close();
});

let lastOctet = 0;
function newAddress() {
  lastOctet += 1;
  return `198.51.${Math.floor(lastOctet / 250)}.${(lastOctet % 250) + 1}`;
}

function login(email: string, password: string, remoteAddress: string, url = '/api/auth/login') {
  return t.app.inject({ method: 'POST', url, remoteAddress, payload: { email, password } });
}

function retryAfterOf(response: Awaited<ReturnType<typeof login>>): number {
  expect(response.statusCode).toBe(429);
  expect(response.json().error.message).toBe(MESSAGES.tooManyAttempts);
  return Number(response.headers['retry-after']);
}

async function failTimes(count: number, email: string, address: string) {
  for (let i = 0; i < count; i += 1) {
    expect((await login(email, 'pas-le-bon', address)).statusCode).toBe(401);
  }
}

describe('an attacker cannot lock an account', () => {
  it.each([
    ['a creator', { superadmin: false }],
    ['the superadmin', { superadmin: true }],
  ])('%s still gets in from another address after ten wrong passwords from one', async (_, role) => {
    const owner = await makeUser(t, role);
    const attacker = newAddress();
    await failTimes(MAX_FAILURES_PER_PAIR, owner.email, attacker);
    // Hammering while refused is not counted, so it cannot stretch the wait.
    for (let i = 0; i < 5; i += 1) retryAfterOf(await login(owner.email, 'pas-le-bon', newAddress()));

    const home = newAddress();
    const wait = retryAfterOf(await login(owner.email, TEST_PASSWORD, home));
    expect(wait).toBe(1);
    now += wait * 1000;
    expect((await login(owner.email, TEST_PASSWORD, home)).statusCode).toBe(200);
  });

  it('refuses the attacking address for the whole window, even with the right password', async () => {
    const owner = await makeUser(t);
    const attacker = newAddress();
    await failTimes(MAX_FAILURES_PER_PAIR, owner.email, attacker);
    now += ACCOUNT_DELAY_CAP_MS;
    expect((await login(owner.email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);

    const wait = retryAfterOf(await login(owner.email, TEST_PASSWORD, attacker));
    expect(wait).toBeGreaterThan((LOGIN_WINDOW_MS - ACCOUNT_DELAY_CAP_MS) / 1000 - 1);
    expect(wait).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000);
    now += wait * 1000;
    expect((await login(owner.email, TEST_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('slows a botnet down with a doubling delay, capped, and lets the owner in within the cap', async () => {
    const owner = await makeUser(t);
    await failTimes(ACCOUNT_FAILURES_BEFORE_DELAY - 1, owner.email, newAddress());
    const waits: number[] = [];
    for (let guess = 0; guess < 10; guess += 1) {
      let response = await login(owner.email, 'pas-le-bon', newAddress());
      while (response.statusCode === 429) {
        const wait = retryAfterOf(response);
        waits.push(wait);
        now += wait * 1000;
        response = await login(owner.email, 'pas-le-bon', newAddress());
      }
      expect(response.statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);

    const home = newAddress();
    const wait = retryAfterOf(await login(owner.email, TEST_PASSWORD, home));
    expect(wait).toBeLessThanOrEqual(ACCOUNT_DELAY_CAP_MS / 1000);
    now += wait * 1000;
    expect((await login(owner.email, TEST_PASSWORD, home)).statusCode).toBe(200);
  });

  it('applies the same counts to the app sign-in', async () => {
    const owner = await makeUser(t, { creator: false });
    const attacker = newAddress();
    await failTimes(MAX_FAILURES_PER_PAIR, owner.email, attacker);
    retryAfterOf(await login(owner.email, TEST_PASSWORD, attacker, '/api/public/login'));
    now += 1000;
    const home = await login(owner.email, TEST_PASSWORD, newAddress(), '/api/public/login');
    expect(home.statusCode).toBe(200);
    expect(home.json().token).toMatch(/^[\w-]{22,}$/);
  });
});
