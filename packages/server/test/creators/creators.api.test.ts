import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import type { CreatorList } from '@coulisses/domain/schemas/creators';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, signIn, type SignedIn } from '../factories.ts';

let t: TestApp;
let superadmin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

const addCreator = (payload: object, cookie = superadmin.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/creators', headers: { cookie }, payload });
const setStatus = (id: string, active: boolean, cookie = superadmin.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/creators/${id}/status`,
    headers: { cookie },
    payload: { active },
  });
const listCreators = async (cookie = superadmin.cookie) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/creators', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<CreatorList>();
};

async function insertVideos(creatorId: string, count: number) {
  await t.db
    .insertInto('videos')
    .values(
      Array.from({ length: count }, (_, index) => ({
        id: `${creatorId}-v${index}`,
        title: `Vidéo ${index}`,
        title_lowercase: `vidéo ${index}`,
        title_search: `video ${index}`,
        hor_img_url: 'videos/x/a.jpg',
        ver_img_url: 'videos/x/b.jpg',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        creator_id: creatorId,
        created_at: Date.now(),
      })),
    )
    .execute();
}

describe('GET /api/creators', () => {
  it('lists each creator with name, e-mail, video count, status and whether the page is published', async () => {
    const creator = await makeUser(t, { email: 'liste-createur@exemple.fr' });
    await t.db
      .updateTable('creators')
      .set({ title: 'Chez Léa', is_live: 1 })
      .where('id', '=', creator.id)
      .execute();
    await insertVideos(creator.id, 3);
    const list = await listCreators();
    expect(list.items.find((item) => item.id === creator.id)).toEqual({
      id: creator.id,
      name: 'Chez Léa',
      email: 'liste-createur@exemple.fr',
      video_count: 3,
      is_active: true,
      is_live: true,
    });
    const emails = list.items.map((item) => item.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('keeps each count as videos come and go, whoever deletes them', async () => {
    const creator = await makeUser(t, { email: 'compte-createur@exemple.fr' });
    await insertVideos(creator.id, 4);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${creator.id}-v0`,
      headers: { cookie: superadmin.cookie },
    });
    expect(response.statusCode, response.body).toBe(204);
    await t.db.deleteFrom('videos').where('id', '=', `${creator.id}-v1`).execute();
    const item = (await listCreators()).items.find((row) => row.id === creator.id);
    expect(item?.video_count).toBe(2);
  });

  it('leaves out users who are not creators', async () => {
    const subscriber = await makeUser(t, { creator: false });
    expect((await listCreators()).items.some((item) => item.id === subscriber.id)).toBe(false);
  });
});

describe('POST /api/creators', () => {
  it('makes a user a creator, active and unpublished, found by trimmed lowercase e-mail', async () => {
    const user = await makeUser(t, { email: 'futur-createur@exemple.fr', creator: false });
    const response = await addCreator({ email: '  Futur-Createur@EXEMPLE.fr ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email, is_active: true });

    const account = await t.db
      .selectFrom('users')
      .select('is_creator')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account.is_creator).toBe(1);
    const record = await t.db
      .selectFrom('creators')
      .select(['is_active', 'is_live', 'email'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ is_active: 1, is_live: 0, email: user.email });

    // The new creator can now sign in to the back-office.
    const cookie = await signIn(t, user.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user.creator).toEqual({ is_live: false, is_active: true });
  });

  it.each([
    ['empty', { email: '' }],
    ['blank', { email: '   ' }],
    ['missing', {}],
  ])('asks for the e-mail when it is %s', async (_, payload) => {
    const response = await addCreator(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.emailRequired);
  });

  it('answers Utilisateur introuvable. for an unknown e-mail', async () => {
    const response = await addCreator({ email: 'inconnu@exemple.fr' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(MESSAGES.userNotFound);
  });

  it('changes nothing for someone already a creator', async () => {
    const creator = await makeUser(t);
    await t.db
      .updateTable('creators')
      .set({ is_live: 1, title: 'Déjà là' })
      .where('id', '=', creator.id)
      .execute();
    const response = await addCreator({ email: creator.email });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.alreadyCreator);
    const record = await t.db
      .selectFrom('creators')
      .select(['is_live', 'title'])
      .where('id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ is_live: 1, title: 'Déjà là' });
  });

  it('leaves the user untouched when creating the record fails (one transaction)', async () => {
    const user = await makeUser(t, { creator: false });
    // A stray record with the same id makes the insert fail after is_creator was set.
    await t.db
      .insertInto('creators')
      .values({ id: user.id, email: user.email, updated_at: Date.now() })
      .execute();
    const response = await addCreator({ email: user.email });
    expect(response.statusCode).toBe(409);
    const account = await t.db
      .selectFrom('users')
      .select('is_creator')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account.is_creator).toBe(0);
  });
});

describe('PUT /api/creators/:id/status', () => {
  it('suspends and reactivates; the creator sees it on their next request', async () => {
    const creator = await makeSignedIn(t);
    const suspended = await setStatus(creator.id, false);
    expect(suspended.statusCode).toBe(204);
    expect((await listCreators()).items.find((item) => item.id === creator.id)?.is_active).toBe(false);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: creator.cookie },
    });
    expect(me.json().user.creator.is_active).toBe(false);

    expect((await setStatus(creator.id, true)).statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: creator.cookie },
    });
    expect(again.json().user.creator.is_active).toBe(true);
  });

  it('refuses the superadmin suspending themselves, which would lock them out', async () => {
    const response = await setStatus(superadmin.id, false);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.cannotSuspendSelf);
    const row = await t.db
      .selectFrom('creators')
      .select('is_active')
      .where('id', '=', superadmin.id)
      .executeTakeFirst();
    expect(Number(row?.is_active)).toBe(1);
  });

  it('answers 404 for an unknown creator', async () => {
    const response = await setStatus('personne', false);
    expect(response.statusCode).toBe(404);
  });

  it('refuses a body without a boolean', async () => {
    const creator = await makeUser(t);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/creators/${creator.id}/status`,
      headers: { cookie: superadmin.cookie },
      payload: { active: 'non' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('creator operations are the superadmin’s only', () => {
  it('refuses a creator with 403 and changes nothing', async () => {
    const creator = await makeSignedIn(t);
    const other = await makeUser(t);
    const subscriber = await makeUser(t, { creator: false });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/creators',
      headers: { cookie: creator.cookie },
    });
    const add = await addCreator({ email: subscriber.email }, creator.cookie);
    const status = await setStatus(other.id, false, creator.cookie);
    for (const response of [list, add, status]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(MESSAGES.noAccess);
    }
    const record = await t.db
      .selectFrom('creators')
      .select('is_active')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(record.is_active).toBe(1);
    const account = await t.db
      .selectFrom('users')
      .select('is_creator')
      .where('id', '=', subscriber.id)
      .executeTakeFirstOrThrow();
    expect(account.is_creator).toBe(0);
  });

  it('refuses a visitor with 401', async () => {
    const creator = await makeUser(t);
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/creators' }),
      t.app.inject({ method: 'POST', url: '/api/creators', payload: { email: creator.email } }),
      t.app.inject({ method: 'PUT', url: `/api/creators/${creator.id}/status`, payload: { active: false } }),
    ]);
    for (const response of responses) expect(response.statusCode).toBe(401);
  });
});
