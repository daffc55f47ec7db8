import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@coulisses/domain/schemas/common';
import type { JournalEntry } from '@coulisses/domain/schemas/journal';
import { ACCOUNT_FAILURES_BEFORE_DELAY } from '../../src/modules/auth/login-throttle.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, signIn, type SignedIn } from '../factories.ts';
import { makeImage } from '../images.ts';
import { discountForm, makeDiscountCategory, validFields } from '../discounts/discount-fixtures.ts';
import { addVideo, makeLiveCreator, makeVideoCategory, YOUTUBE_ID } from '../videos/video-fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let creator: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedIn(t, { superadmin: true });
  creator = await makeLiveCreator(t);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: SignedIn, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function journal(query = '', user = admin): Promise<Page<JournalEntry>> {
  const response = await call(user, 'GET', `/api/journal${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function activity(user: SignedIn, after = ''): Promise<Page<JournalEntry>> {
  const response = await call(user, 'GET', `/api/journal/mine${after ? `?after=${after}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The entries about one item, oldest first, as `kind label` with their changes. */
async function entriesAbout(itemId: string) {
  const { items } = await journal();
  return items
    .filter((entry) => entry.item.id === itemId)
    .reverse()
    .map((entry) => ({
      kind: entry.kind,
      label: entry.item.label,
      actor: entry.actor?.email,
      changes: entry.changes,
    }));
}

describe('the journal', () => {
  it('records category changes with who, the item as named then, and the rename', async () => {
    const added = await call(admin, 'POST', '/api/video-categories', { name: 'Cuisine' });
    const id = added.json<{ id: string }>().id;
    await call(admin, 'PUT', `/api/video-categories/${id}`, { name: 'Cuisine du monde' });
    await call(admin, 'DELETE', `/api/video-categories/${id}`);
    expect(await entriesAbout(id)).toEqual([
      { kind: 'category.added', label: 'Cuisine', actor: admin.email, changes: {} },
      {
        kind: 'category.renamed',
        label: 'Cuisine du monde',
        actor: admin.email,
        changes: { name: { before: 'Cuisine', after: 'Cuisine du monde' } },
      },
      { kind: 'category.deleted', label: 'Cuisine du monde', actor: admin.email, changes: {} },
    ]);
    const renamed = await journal('?kind=category.renamed');
    expect(renamed.items.every((entry) => entry.kind === 'category.renamed')).toBe(true);
  });

  it('writes nothing for a change that is refused', async () => {
    const used = await makeVideoCategory(t);
    const free = await makeVideoCategory(t);
    await addVideo(t, creator, used);
    const before = await t.db.selectFrom('journal_entries').select('id').execute();
    expect((await call(admin, 'DELETE', `/api/video-categories/${used}`)).statusCode).toBe(409);
    const taken = await t.db
      .selectFrom('video_categories')
      .select('name')
      .where('id', '=', used)
      .executeTakeFirstOrThrow();
    expect((await call(admin, 'PUT', `/api/video-categories/${free}`, { name: taken.name })).statusCode).toBe(
      409,
    );
    expect((await call(creator, 'POST', '/api/video-categories', { name: 'Pas le droit' })).statusCode).toBe(
      403,
    );
    expect(await t.db.selectFrom('journal_entries').select('id').execute()).toHaveLength(before.length);
  });

  it('records suspending and reactivating a creator, which the creator sees in Activité', async () => {
    const target = await makeLiveCreator(t);
    const status = (active: boolean) => call(admin, 'PUT', `/api/creators/${target.id}/status`, { active });
    expect((await status(false)).statusCode).toBe(204);
    expect((await status(false)).statusCode).toBe(204);
    expect((await status(true)).statusCode).toBe(204);
    await call(admin, 'DELETE', `/api/users/${target.id}/sessions`);
    expect(await entriesAbout(target.id)).toEqual([
      {
        kind: 'creator.suspended',
        label: target.email,
        actor: admin.email,
        changes: { is_active: { before: true, after: false } },
      },
      {
        kind: 'creator.reactivated',
        label: target.email,
        actor: admin.email,
        changes: { is_active: { before: false, after: true } },
      },
      { kind: 'sessions.ended', label: target.email, actor: admin.email, changes: {} },
    ]);
    const again = { ...target, cookie: await signIn(t, target.email) };
    expect((await activity(again)).items.map((entry) => entry.kind)).toEqual([
      'sessions.ended',
      'creator.reactivated',
      'creator.suspended',
    ]);
  });

  it('records adding a creator', async () => {
    const user = await makeUser(t, { creator: false });
    expect((await call(admin, 'POST', '/api/creators', { email: user.email })).statusCode).toBe(201);
    expect(await entriesAbout(user.id)).toEqual([
      { kind: 'creator.added', label: user.email, actor: admin.email, changes: {} },
    ]);
  });

  it('records featuring, an edit with what it changed, and a delete, on the owner’s Activité', async () => {
    const category = await makeVideoCategory(t);
    const other = await makeVideoCategory(t);
    const id = await addVideo(t, creator, category, 'Tournage à Lyon');
    await call(admin, 'POST', `/api/videos/${id}/featured`);
    const form = new FormData();
    form.append('title', 'Tournage à Lyon (coulisses)');
    form.append('link', `https://www.youtube.com/watch?v=${YOUTUBE_ID}`);
    form.append('categories', other);
    form.append('version', '1');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/videos/${id}`,
      headers: { cookie: admin.cookie },
      payload: form,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await call(creator, 'DELETE', `/api/videos/${id}`);
    expect(await entriesAbout(id)).toEqual([
      { kind: 'video.featured', label: 'Tournage à Lyon', actor: admin.email, changes: {} },
      {
        kind: 'video.edited',
        label: 'Tournage à Lyon (coulisses)',
        actor: admin.email,
        changes: {
          title: { before: 'Tournage à Lyon', after: 'Tournage à Lyon (coulisses)' },
          categories: { before: [category], after: [other] },
        },
      },
      { kind: 'video.deleted', label: 'Tournage à Lyon (coulisses)', actor: creator.email, changes: {} },
    ]);
    const mine = (await activity(creator)).items.filter((entry) => entry.item.id === id);
    expect(mine.map((entry) => entry.kind)).toEqual(['video.deleted', 'video.edited', 'video.featured']);
  });

  it('records a discount added, edited and deleted', async () => {
    const category = await makeDiscountCategory(t);
    const fields = validFields(category, 'Café -20 %');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/discounts',
      headers: { cookie: admin.cookie },
      payload: discountForm(fields, await makeImage(1200, 800)),
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: string }>().id;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/discounts/${id}`,
      headers: { cookie: admin.cookie },
      payload: discountForm({ ...fields, code: 'CAFE30', version: '1' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await call(admin, 'DELETE', `/api/discounts/${id}`);
    expect(await entriesAbout(id)).toEqual([
      { kind: 'discount.added', label: 'Café -20 %', actor: admin.email, changes: {} },
      {
        kind: 'discount.edited',
        label: 'Café -20 %',
        actor: admin.email,
        changes: { code: { before: 'COULISSES20', after: 'CAFE30' } },
      },
      { kind: 'discount.deleted', label: 'Café -20 %', actor: admin.email, changes: {} },
    ]);
  });

  it('records the failure that starts slowing an account down, once, with nobody as actor', async () => {
    const victim = await makeSignedIn(t);
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_DELAY + 2; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `192.0.2.${i + 1}`,
        payload: { email: victim.email, password: 'pas-le-bon' },
      });
    }
    const { items } = await journal('?kind=sign-in.throttled');
    const about = items.filter((entry) => entry.item.id === victim.email);
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({
      actor: null,
      changes: { failures: { after: ACCOUNT_FAILURES_BEFORE_DELAY } },
    });
    expect((await activity(victim)).items.map((entry) => entry.kind)).toEqual(['sign-in.throttled']);
  });

  it('pages 50 at a time, newest first, and filters by who', async () => {
    const email = `historique-${Date.now()}@exemple.fr`;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: `entry-${String(i).padStart(2, '0')}-${email}`,
      at: 1_700_000_000_000 + i,
      actor_id: 'someone',
      actor_email: email,
      kind: 'category.added',
      item_type: 'video_category',
      item_id: `cat-${i}`,
      item_label: `Catégorie ${i}`,
      about_user_id: null,
      changes: '{}',
    }));
    await t.db.insertInto('journal_entries').values(rows).execute();
    const first = await journal(`?actor=${encodeURIComponent(email.toUpperCase())}`);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]?.item.label).toBe('Catégorie 59');
    const second = await journal(`?actor=${encodeURIComponent(email)}&after=${first.nextCursor}`);
    expect(second.items.map((entry) => entry.item.label)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Catégorie ${9 - i}`),
    );
    expect(second.nextCursor).toBeNull();
    expect((await call(admin, 'GET', '/api/journal?kind=inconnu')).statusCode).toBe(400);
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    const [entry] = await t.db.selectFrom('journal_entries').select('id').limit(1).execute();
    await expect(
      t.db.updateTable('journal_entries').set({ item_label: 'effacé' }).where('id', '=', entry!.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('journal_entries').where('id', '=', entry!.id).execute()).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('the journal shares the change’s transaction', () => {
  it('a delete that fails after its entry was written leaves neither the delete nor the entry', async () => {
    let failRemoves = false;
    const failing = await buildTestApp(
      {},
      {
        wrapStorage: (storage) => ({
          ...storage,
          urlFor: (key) => storage.urlFor(key),
          remove: async (key) => {
            if (failRemoves) throw new Error('stockage indisponible');
            await storage.remove(key);
          },
        }),
      },
    );
    try {
      const superadmin = await makeSignedIn(failing, { superadmin: true });
      const category = await makeDiscountCategory(failing);
      const added = await failing.app.inject({
        method: 'POST',
        url: '/api/discounts',
        headers: { cookie: superadmin.cookie },
        payload: discountForm(validFields(category, 'Tient bon'), await makeImage(1200, 800)),
      });
      const id = added.json<{ id: string }>().id;
      failRemoves = true;
      const response = await failing.app.inject({
        method: 'DELETE',
        url: `/api/discounts/${id}`,
        headers: { cookie: superadmin.cookie },
      });
      expect(response.statusCode).toBe(500);
      expect(
        await failing.db.selectFrom('discounts').select('id').where('id', '=', id).execute(),
      ).toHaveLength(1);
      const kinds = await failing.db
        .selectFrom('journal_entries')
        .select('kind')
        .where('item_id', '=', id)
        .execute();
      expect(kinds).toEqual([{ kind: 'discount.added' }]);
    } finally {
      await failing.close();
    }
  });
});
