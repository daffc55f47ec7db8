import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE } from '@coulisses/domain/constants/limits';
import type { Page } from '@coulisses/domain/schemas/common';
import type { UserListItem } from '@coulisses/domain/schemas/users';
import { toPage } from '../../src/lib/keyset.ts';
import { listUsersByEmail, type UsersFilter } from '../../src/modules/subscribers/subscribers.repository.ts';
import { toListItem } from '../../src/modules/subscribers/subscribers.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';

// On SQLite a page of subscribers is written by SQLite itself (docs/decisions/037-answers-written-by-sqlite.md),
// where PostgreSQL's is built from its rows by the service: both must say the same of every subscriber.

let t: TestApp;
let superadmin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

/** The page the service builds from listUsersByEmail's rows, as it does on PostgreSQL. */
async function builtPage(filter: UsersFilter): Promise<Page<UserListItem>> {
  const rows = await listUsersByEmail(t.db, { ...filter, limit: USERS_PAGE_SIZE + 1 });
  return toPage(rows, USERS_PAGE_SIZE, (row) => [row.email], toListItem);
}

async function answered(query: string): Promise<Page<UserListItem>> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/users${query}`,
    headers: { cookie: superadmin.cookie },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  return answer.json();
}

type Seeded = { email: string; pseudonym?: string | null; creator?: 1; superadmin?: 1; muted?: 1 };

async function seedUsers(users: readonly Seeded[]) {
  await t.db
    .insertInto('users')
    .values(
      users.map((user) => ({
        id: `id-${user.email}`,
        email: user.email,
        password_hash: 'x',
        pseudonym: user.pseudonym ?? null,
        is_creator: user.creator ?? 0,
        is_superadmin: user.superadmin ?? 0,
        comments_muted: user.muted ?? 0,
        created_at: Date.now(),
      })),
    )
    .execute();
}

describe('a page of subscribers', () => {
  it('shows each subscriber as the service would, whatever their pseudonym and flags', async () => {
    await seedUsers([
      { email: 'a.bizarre@etrange.fr', pseudonym: 'Léa « en scène » "live" \\ </script>', creator: 1 },
      { email: 'b.bizarre@etrange.fr', pseudonym: 'Fête 🎉\ttabulée\u0001', superadmin: 1 },
      { email: 'c.bizarre@etrange.fr', pseudonym: '', muted: 1 },
      { email: 'd.bizarre@etrange.fr', creator: 1, superadmin: 1, muted: 1 },
    ]);
    const page = await answered('?q=bizarre@etrange');
    expect(page).toEqual(await builtPage({ search: 'bizarre@etrange' }));
    expect(
      page.items.map((user) => [user.pseudonym, user.is_creator, user.is_superadmin, user.comments_muted]),
    ).toEqual([
      ['Léa « en scène » "live" \\ </script>', true, false, false],
      ['Fête 🎉\ttabulée\u0001', false, true, false],
      [null, false, false, true],
      [null, true, true, true],
    ]);
    expect(await answered('?q=personne-de-ce-nom')).toEqual({ items: [], nextCursor: null });
  });

  it('goes page by page in e-mail order, searched or not, its cursor the one the service gives', async () => {
    const count = USERS_PAGE_SIZE * 2 + 3;
    // Inserted in an order of their own, so that the pages' order is the e-mails' alone.
    const emails = Array.from(
      { length: count },
      (_, i) => `flot.${String((i * 37) % count).padStart(4, '0')}@abonnes.fr`,
    );
    await seedUsers(emails.map((email, i) => ({ email, pseudonym: i % 3 ? `Flot ${i}` : null })));

    for (const search of ['flot.', undefined]) {
      const read: string[] = [];
      let after: string | undefined;
      do {
        const query = new URLSearchParams({ ...(search && { q: search }), ...(after && { after }) });
        const page = await answered(`?${query.toString()}`);
        const afterEmail = after && JSON.parse(Buffer.from(after, 'base64url').toString())[0];
        expect(page).toEqual(await builtPage({ search, afterEmail }));
        read.push(...page.items.map((user) => user.email));
        after = page.nextCursor ?? undefined;
      } while (after);
      const expected = search
        ? emails
        : (await t.db.selectFrom('users').select('email').execute()).map((u) => u.email);
      expect(read).toEqual([...expected].sort());
    }
  });
});
