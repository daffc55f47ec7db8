import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { USERS_PAGE_SIZE } from '@coulisses/domain/constants/limits';
import type { Page } from '@coulisses/domain/schemas/common';
import type { UserListItem } from '@coulisses/domain/schemas/users';
import { isPostgres } from '../../src/db/dialect.ts';
import { fewCandidateIds, SEARCH_INDEXES } from '../../src/db/search-index.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, signIn, TEST_PASSWORD, type SignedIn } from '../factories.ts';

let t: TestApp;
let superadmin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

async function listUsers(query = '', cookie = superadmin.cookie) {
  return t.app.inject({ method: 'GET', url: `/api/users${query}`, headers: { cookie } });
}

describe('GET /api/users', () => {
  it('lists users by e-mail with their creator and superadmin flags', async () => {
    const zoe = await makeUser(t, { email: 'zz-zoe@liste.fr', creator: false });
    const abel = await makeUser(t, { email: 'aa-abel@liste.fr', creator: true });
    const response = await listUsers('?q=liste.fr');
    expect(response.statusCode).toBe(200);
    const page = response.json<Page<UserListItem>>();
    expect(page.items).toEqual([
      {
        id: abel.id,
        email: 'aa-abel@liste.fr',
        pseudonym: null,
        is_creator: true,
        is_superadmin: false,
        comments_muted: false,
      },
      {
        id: zoe.id,
        email: 'zz-zoe@liste.fr',
        pseudonym: null,
        is_creator: false,
        is_superadmin: false,
        comments_muted: false,
      },
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('shows the superadmin flag', async () => {
    const response = await listUsers(`?q=${encodeURIComponent(superadmin.email)}`);
    expect(response.json<Page<UserListItem>>().items).toEqual([
      {
        id: superadmin.id,
        email: superadmin.email,
        pseudonym: null,
        is_creator: true,
        is_superadmin: true,
        comments_muted: false,
      },
    ]);
  });

  it('shows the pseudonym a subscriber chose in the app', async () => {
    const named = await makeUser(t, { email: 'pseudo@liste-nommee.fr', creator: false });
    await t.db.updateTable('users').set({ pseudonym: 'Camille_92' }).where('id', '=', named.id).execute();
    const [item] = (await listUsers('?q=liste-nommee.fr')).json<Page<UserListItem>>().items;
    expect(item?.pseudonym).toBe('Camille_92');
  });

  it('writes any pseudonym as it is, an empty one as none, and a muted subscriber as muted', async () => {
    const odd = 'Cam "la" \\ 🎉 <b>\u0001';
    const [a, b] = [
      await makeUser(t, { email: 'a@pseudos-bizarres.fr', creator: false }),
      await makeUser(t, { email: 'b@pseudos-bizarres.fr', creator: true }),
    ];
    await t.db
      .updateTable('users')
      .set({ pseudonym: odd, comments_muted: 1 })
      .where('id', '=', a.id)
      .execute();
    await t.db.updateTable('users').set({ pseudonym: '' }).where('id', '=', b.id).execute();
    expect((await listUsers('?q=pseudos-bizarres')).json<Page<UserListItem>>().items).toEqual([
      {
        id: a.id,
        email: 'a@pseudos-bizarres.fr',
        pseudonym: odd,
        is_creator: false,
        is_superadmin: false,
        comments_muted: true,
      },
      {
        id: b.id,
        email: 'b@pseudos-bizarres.fr',
        pseudonym: null,
        is_creator: true,
        is_superadmin: false,
        comments_muted: false,
      },
    ]);
  });

  it('searches e-mails containing the query, ignoring case, with LIKE wildcards taken literally', async () => {
    await makeUser(t, { email: 'cherche-moi@trouve.fr', creator: false });
    await makeUser(t, { email: 'cent_pour_cent@trouve.fr', creator: false });
    const found = await listUsers('?q=CHERCHE');
    expect(found.json<Page<UserListItem>>().items.map((u) => u.email)).toEqual(['cherche-moi@trouve.fr']);
    const underscore = await listUsers('?q=t_p');
    expect(underscore.json<Page<UserListItem>>().items.map((u) => u.email)).toEqual([
      'cent_pour_cent@trouve.fr',
    ]);
    const percent = await listUsers(`?q=${encodeURIComponent('%')}`);
    expect(percent.json<Page<UserListItem>>().items).toEqual([]);
    const none = await listUsers('?q=personne-de-ce-nom');
    expect(none.json<Page<UserListItem>>()).toEqual({ items: [], nextCursor: null });
  });

  it("finds a whole e-mail by its name's trigrams, not its domain's, and answers only that e-mail", async () => {
    const whole = await makeUser(t, { email: 'jeanne.martin-lefebvre@domaine-partage.fr', creator: false });
    // Holds every trigram that tiles the name and its @, not the domain.
    const sameName = await makeUser(t, { email: 'jeanne.martin-lefebvre@ailleurs.org', creator: false });
    const found = await listUsers(`?q=${encodeURIComponent('Jeanne.Martin-Lefebvre@Domaine-Partage.fr')}`);
    expect(found.json<Page<UserListItem>>().items.map((u) => u.id)).toEqual([whole.id]);
    if (isPostgres(t.db)) return;
    const candidates = await fewCandidateIds(
      t.db,
      SEARCH_INDEXES.userEmails,
      'jeanne.martin-lefebvre@domaine-partage.fr',
    );
    expect(candidates?.sort()).toEqual([whole.id, sameName.id].sort());
  });

  it('gives the first 500 and the rest after the cursor, in e-mail order', async () => {
    const now = Date.now();
    await t.db
      .insertInto('users')
      .values(
        Array.from({ length: USERS_PAGE_SIZE + 3 }, (_, index) => ({
          id: `bulk-${index}`,
          email: `bulk-${String(index).padStart(4, '0')}@paquet.fr`,
          password_hash: 'x',
          is_creator: 0,
          is_superadmin: 0,
          created_at: now,
        })),
      )
      .execute();
    const first = (await listUsers('?q=paquet.fr')).json<Page<UserListItem>>();
    expect(first.items).toHaveLength(USERS_PAGE_SIZE);
    expect(first.items[0]?.email).toBe('bulk-0000@paquet.fr');
    expect(first.nextCursor).not.toBeNull();
    const second = (await listUsers(`?q=paquet.fr&after=${encodeURIComponent(first.nextCursor ?? '')}`)).json<
      Page<UserListItem>
    >();
    expect(second.items.map((u) => u.email)).toEqual([
      'bulk-0500@paquet.fr',
      'bulk-0501@paquet.fr',
      'bulk-0502@paquet.fr',
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a broken cursor', async () => {
    const response = await listUsers('?after=pas-un-curseur');
    expect(response.statusCode).toBe(400);
  });

  it('is the superadmin’s only: a creator gets 403, a visitor 401', async () => {
    const creator = await makeSignedIn(t);
    const refused = await listUsers('', creator.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.noAccess);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE /api/users/:id/sessions', () => {
  const endSessions = (id: string, cookie = superadmin.cookie) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/${id}/sessions`, headers: { cookie } });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const sessionsOf = (userId: string) =>
    t.db.selectFrom('sessions').select('kind').where('user_id', '=', userId).execute();

  it('ends every back-office session and app token of the user, and no one else’s', async () => {
    const lost = await makeSignedIn(t);
    const otherDevice = await signIn(t, lost.email);
    const app = await t.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { email: lost.email, password: TEST_PASSWORD },
    });
    expect(app.statusCode, app.body).toBe(200);
    const bystander = await makeSignedIn(t);
    expect((await sessionsOf(lost.id)).map((row) => row.kind).sort()).toEqual(['app', 'web', 'web']);

    const response = await endSessions(lost.id);
    expect(response.statusCode, response.body).toBe(204);
    expect(await sessionsOf(lost.id)).toEqual([]);
    expect((await me(lost.cookie)).statusCode).toBe(204);
    expect((await me(otherDevice)).statusCode).toBe(204);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    expect((await me(superadmin.cookie)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user, and refuses a creator, ending nothing', async () => {
    expect((await endSessions('inconnu')).statusCode).toBe(404);
    const creator = await makeSignedIn(t);
    const target = await makeSignedIn(t);
    expect((await endSessions(target.id, creator.cookie)).statusCode).toBe(403);
    expect((await me(target.cookie)).statusCode).toBe(200);
  });
});
