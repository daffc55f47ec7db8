import { makeImage } from '../images.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import type { Storage } from '../../src/lib/storage.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, signIn, makeUser, type SignedIn } from '../factories.ts';
import { discountForm, makeDiscountCategory, validFields } from './discount-fixtures.ts';

let t: TestApp;
let superadmin: SignedIn;
let categoryId: string;
let image: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
  categoryId = await makeDiscountCategory(t);
  image = await makeImage();
});
afterAll(async () => {
  await t.close();
});

async function addDiscount(app: TestApp['app'], cookie: string, title: string, category = categoryId) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: { cookie },
    payload: discountForm(validFields(category, title), image),
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<{ id: string; image_url: string }>();
  return { id: created.id, key: created.image_url.replace('/files/', '') };
}

const remove = (app: TestApp['app'], cookie: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/discounts/${id}`, headers: { cookie } });

describe('deleting a discount', () => {
  it('removes the row, its category links and its stored image', async () => {
    const { id, key } = await addDiscount(t.app, superadmin.cookie, 'Éphémère');
    expect(await t.storage.exists(key)).toBe(true);

    const response = await remove(t.app, superadmin.cookie, id);
    expect(response.statusCode).toBe(204);

    expect(
      await t.db.selectFrom('discounts').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const links = await t.db
      .selectFrom('discount_category_links')
      .select('category_id')
      .where('discount_id', '=', id)
      .execute();
    expect(links).toEqual([]);
    expect(await t.storage.exists(key)).toBe(false);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/discounts',
      headers: { cookie: superadmin.cookie },
    });
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(id);
  });

  it('keeps an image another discount still shows, and removes it with its last discount', async () => {
    const first = await addDiscount(t.app, superadmin.cookie, 'Partage un');
    const second = await addDiscount(t.app, superadmin.cookie, 'Partage deux');
    await t.db.updateTable('discounts').set({ image_url: first.key }).where('id', '=', second.id).execute();
    await t.storage.remove(second.key);

    expect((await remove(t.app, superadmin.cookie, first.id)).statusCode).toBe(204);
    expect(await t.storage.exists(first.key)).toBe(true);
    expect((await remove(t.app, superadmin.cookie, second.id)).statusCode).toBe(204);
    expect(await t.storage.exists(first.key)).toBe(false);
  });

  it('answers 404 for an unknown discount, and for one already deleted', async () => {
    expect((await remove(t.app, superadmin.cookie, 'inconnu')).statusCode).toBe(404);
    const { id } = await addDiscount(t.app, superadmin.cookie, 'Deux fois');
    expect((await remove(t.app, superadmin.cookie, id)).statusCode).toBe(204);
    const again = await remove(t.app, superadmin.cookie, id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(MESSAGES.notFound);
  });

  it('keeps the discount and its links when the image cannot be removed: all or nothing', async () => {
    let disk: Storage | undefined;
    const sut = await buildTestApp(
      {},
      {
        wrapStorage: (storage) => {
          disk = storage;
          return { ...storage, remove: () => Promise.reject(new Error('disque indisponible')) };
        },
      },
    );
    const { app } = sut;
    try {
      const admin = await makeUser(sut, { superadmin: true });
      const cookie = await signIn(sut, admin.email);
      const category = await makeDiscountCategory(sut);
      const { id, key } = await addDiscount(app, cookie, 'Tenace', category);

      const response = await remove(app, cookie, id);
      expect(response.statusCode).toBe(500);

      expect(
        await sut.db.selectFrom('discounts').select('id').where('id', '=', id).executeTakeFirst(),
      ).toBeDefined();
      const links = await sut.db
        .selectFrom('discount_category_links')
        .select('category_id')
        .where('discount_id', '=', id)
        .execute();
      expect(links).toEqual([{ category_id: category }]);
      expect(await disk!.exists(key)).toBe(true);
    } finally {
      await sut.close();
    }
  });
});
