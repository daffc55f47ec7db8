import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { searchKey } from '@coulisses/domain/rules/text-search';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { seedCategory, seedDiscount } from '../public/seed.ts';

// On SQLite a search's answer is written by SQLite itself (docs/decisions/037-answers-written-by-sqlite.md),
// where one discount's answer is written from its row by the service: both must say the same.

let t: TestApp;
let superadmin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: superadmin.cookie, ...headers } });

/** A discount seeded, then given values a plain seed does not have. */
async function seedOdd(
  title: string,
  values: { image_url?: string; code?: string },
  categories: string[] = [],
): Promise<string> {
  const id = await seedDiscount(t, title, { startInDays: -1, endInDays: 5 }, categories);
  await t.db
    .updateTable('discounts')
    .set({ title, title_lowercase: title.toLowerCase(), title_search: searchKey(title), ...values })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('the answer of a discount search', () => {
  it('shows each discount found as its own answer does, whatever its text, image and categories', async () => {
    const [mode, maison] = [
      await seedCategory(t, 'discount', 'Mode'),
      await seedCategory(t, 'discount', 'Maison'),
    ];
    const ids = [
      await seedOdd('Bizarre « guillemets » "doubles" et \\ barre', {}, [mode, maison]),
      await seedOdd('Bizarre 🎉 fête </script> & <b>', { code: '' }, [maison]),
      await seedOdd('Bizarre\ttabulé\u0001', {
        image_url: 'https://firebasestorage.googleapis.com/v0/b/app/o/promo.jpg?alt=media',
      }),
      await seedOdd('Bizarre image venue de loin', { image_url: 'HTTP://ailleurs.exemple.fr/x.jpg' }),
      await seedOdd('Bizarre clé inconnue', { image_url: 'discount_images/pas une clé.jpg' }),
    ];
    const response = await get('/api/discounts?q=bizarre');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const found = response.json<{ items: Discount[]; nextCursor: string | null }>();
    expect(found.nextCursor).toBeNull();
    expect(found.items.map((item) => item.id).sort()).toEqual([...ids].sort());
    for (const item of found.items) {
      expect(item, item.title).toEqual((await get(`/api/discounts/${item.id}`)).json());
    }
    const byLowercase = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
    const titles = found.items.map((item) => item.title);
    expect(titles).toEqual([...titles].sort(byLowercase));
  });

  it('answers an empty list when nothing holds the term, and compresses a large answer', async () => {
    expect((await get('/api/discounts?q=introuvable')).json()).toEqual({ items: [], nextCursor: null });
    for (let i = 0; i < 20; i += 1)
      await seedDiscount(t, `Remise volumineuse ${i}`, { startInDays: 0, endInDays: 3 });
    const plain = await get('/api/discounts?q=volumineuse');
    expect(plain.json<{ items: Discount[] }>().items).toHaveLength(20);
    const compressed = await get('/api/discounts?q=volumineuse', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });
});
