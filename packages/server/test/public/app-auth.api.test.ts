import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { uniqueEmail } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signUp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/public/signup', payload });

const valid = () => ({
  email: `  ${uniqueEmail('abonne').toUpperCase()} `,
  pseudonym: 'Lulu',
  password: 'un-mot-de-passe',
  accept_terms: true,
});

describe('subscriber accounts', () => {
  it('signs a subscriber up: neither creator nor superadmin, e-mail trimmed and lowercased, token usable', async () => {
    const input = valid();
    const response = await signUp(input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ email: input.email.trim().toLowerCase(), pseudonym: 'Lulu' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(response.cookies).toHaveLength(0);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_creator: 0, is_superadmin: 0, pseudonym: 'Lulu' });
    expect(row.terms_accepted_at).toBeGreaterThan(0);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['unticked', { accept_terms: false }],
    ['missing', { accept_terms: undefined }],
  ])('refuses when the terms box is %s, with a French message, and creates nothing', async (_, terms) => {
    const input = { ...valid(), ...terms };
    const response = await signUp(input);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.termsNotAccepted);
    const row = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email.trim().toLowerCase())
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses short and over-long passwords, a missing pseudonym and a bad e-mail', async () => {
    expect((await signUp({ ...valid(), password: 'court' })).json().error.message).toMatch(/au moins 8/);
    expect((await signUp({ ...valid(), password: 'x'.repeat(129) })).statusCode).toBe(400);
    expect((await signUp({ ...valid(), pseudonym: '   ' })).json().error.message).toBe('Choisis un pseudo.');
    expect((await signUp({ ...valid(), email: 'pas-un-email' })).statusCode).toBe(400);
    expect((await signUp({ ...valid(), is_creator: true })).statusCode).toBe(400);
  });

  it('refuses an e-mail already taken, whatever its case', async () => {
    const input = valid();
    expect((await signUp(input)).statusCode).toBe(201);
    const again = await signUp({ ...input, email: input.email.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.emailTaken);
  });

  it('signs in to the app with a Bearer token, but never into the back-office', async () => {
    const input = valid();
    await signUp(input);
    const email = input.email.trim().toLowerCase();
    const app = await t.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { email, password: input.password },
    });
    expect(app.statusCode).toBe(200);
    expect(app.cookies).toHaveLength(0);
    const backOffice = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: input.password },
    });
    expect(backOffice.statusCode).toBe(403);
    expect(backOffice.json().error.message).toBe(MESSAGES.notACreator);
    // The app token does not open the back-office either: to it, nobody is signed in there.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${app.json().token}` },
    });
    expect(me.statusCode).toBe(204);
  });

  it('answers a wrong password like the back-office, throttles, and signs out', async () => {
    const input = valid();
    const { token } = (await signUp(input)).json();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { email: input.email, password: 'pas-le-bon-mot' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(MESSAGES.loginFailed);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/public/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    const session = await t.db.selectFrom('sessions').select('id_hash').where('kind', '=', 'app').execute();
    expect(session.length).toBeGreaterThan(0);
    const count = await t.app.inject({
      method: 'POST',
      url: '/api/public/count/video-view/x',
      headers: { authorization: `Bearer ${token}` },
    });
    // A dead token is simply anonymous on public operations.
    expect(count.statusCode).toBe(404);
  });

  it('throttles repeated failures on one account from one address with 429 and Retry-After', async () => {
    const input = valid();
    await signUp(input);
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/public/login',
        remoteAddress: '10.9.0.1',
        payload: { email: input.email, password: 'encore-faux-1' },
      });
      answers.push(answer);
    }
    const last = answers.at(-1);
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toBeDefined();
    expect(last?.json().error.message).toBe(MESSAGES.tooManyAttempts);
  });
});
