import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import type { RequiredRole } from '@coulisses/domain/constants/roles';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser, signIn, TEST_PASSWORD } from '../factories.ts';
import { runCli } from '../maintenance/run-cli.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Sessions read the context's clock: the tests move it instead of waiting.
let now = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SESSION_IDLE_MINUTES: '60', SESSION_MAX_AGE_DAYS: '2' }, { clock: () => now });
});
afterAll(async () => {
  await t.close();
});

function me(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
}

function refresh(headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers });
}

function cookieOf(response: Awaited<ReturnType<typeof refresh>>) {
  const cookie = response.cookies.find((c) => c.name === 'coulisses_session');
  if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return { cookie: `coulisses_session=${cookie.value}` };
}

async function appToken(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/public/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${response.json().token as string}` };
}

describe('lifetime of a back-office session', () => {
  it('ends after the idle time without a renewal', async () => {
    const user = await makeUser(t);
    const session = { cookie: await signIn(t, user.email) };
    now += 59 * MINUTE;
    expect((await me(session)).statusCode).toBe(200);
    now += 1 * MINUTE;
    expect((await me(session)).statusCode).toBe(204);
    const expired = await refresh(session);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(MESSAGES.sessionExpired);
  });

  it('lives on through renewals, but never past the absolute lifetime from the sign-in', async () => {
    const user = await makeUser(t);
    const signedInAt = now;
    let session = { cookie: await signIn(t, user.email) };
    let expiresAt = 0;
    while (now + 55 * MINUTE < signedInAt + 2 * DAY) {
      now += 55 * MINUTE;
      const renewed = await refresh(session);
      expect(renewed.statusCode).toBe(200);
      expiresAt = renewed.json().expiresAt;
      expect(expiresAt).toBe(Math.min(now + 60 * MINUTE, signedInAt + 2 * DAY));
      session = cookieOf(renewed);
    }
    expect(expiresAt).toBe(signedInAt + 2 * DAY);

    now = signedInAt + 2 * DAY;
    expect((await me(session)).statusCode).toBe(204);
    expect((await refresh(session)).statusCode).toBe(401);
    // Signing in again starts a new lifetime.
    expect((await me({ cookie: await signIn(t, user.email) })).statusCode).toBe(200);
  });
});

describe('an app token is not a back-office session', () => {
  it('opens no back-office operation, whatever the roles of its user', async () => {
    const admin = await makeUser(t, { superadmin: true });
    const token = await appToken(admin.email);
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { 'x-required-role': RequiredRole }>>;
    }>();
    const guarded = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => !['public', 'member'].includes(operation['x-required-role']))
        .map(([method]) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'),
        })),
    );
    expect(guarded.length).toBeGreaterThan(15);
    for (const operation of guarded) {
      const response = await t.app.inject({ ...operation, headers: token });
      expect(response.statusCode, `${operation.method} ${operation.url}`).toBe(401);
      expect(response.cookies).toHaveLength(0);
    }
    // It still serves the app: signing out with it works.
    const out = await t.app.inject({ method: 'POST', url: '/api/public/logout', headers: token });
    expect(out.statusCode).toBe(204);
  });

  it('never refreshes into a back-office cookie', async () => {
    const creator = await makeUser(t);
    const token = await appToken(creator.email);
    const response = await refresh(token);
    expect(response.statusCode).toBe(401);
    expect(response.cookies).toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/public/logout', headers: token })).statusCode,
    ).toBe(204);
  });
});

describe('a new password', () => {
  it('set through the CLI ends every session of that user, web and app', async () => {
    const user = await makeUser(t);
    const other = await makeUser(t);
    const web = { cookie: await signIn(t, user.email) };
    const app = await appToken(user.email);
    const bystander = { cookie: await signIn(t, other.email) };
    const sessionsOfUser = async () => {
      const row = await t.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      // PostgreSQL answers count(*) as a string.
      return { n: Number(row.n) };
    };
    expect(await sessionsOfUser()).toEqual({ n: 2 });
    expect(app.authorization).toMatch(/^Bearer /);

    const result = await runCli(t, ['user', 'password', user.email, '--password', 'tout-nouveau-mdp']);
    expect(result.code).toBe(0);

    expect((await me(web)).statusCode).toBe(204);
    expect((await refresh(web)).statusCode).toBe(401);
    expect(await sessionsOfUser()).toEqual({ n: 0 });
    expect((await me(bystander)).statusCode).toBe(200);
    expect((await me({ cookie: await signIn(t, user.email, 'tout-nouveau-mdp') })).statusCode).toBe(200);
  });
});
