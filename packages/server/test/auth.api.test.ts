import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { makeUser, signIn, TEST_PASSWORD } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-in', () => {
  it('signs a creator in and answers who they are', async () => {
    const user = await makeUser(t, { email: '  Alice@Exemple.FR ' });
    expect(user.email).toBe('alice@exemple.fr');
    const cookie = await signIn(t, 'ALICE@exemple.fr');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      email: 'alice@exemple.fr',
      is_creator: true,
      is_superadmin: false,
    });
  });

  it('answers an unknown e-mail and a wrong password the same way', async () => {
    const user = await makeUser(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'pas-le-bon' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'personne@exemple.fr', password: 'pas-le-bon' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(MESSAGES.loginFailed);
  });

  it('refuses a user who is not a creator, with no session', async () => {
    const user = await makeUser(t, { creator: false });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.notACreator);
    expect(response.cookies).toHaveLength(0);
  });
});
