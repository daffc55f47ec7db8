import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_SEARCH_LIMIT, PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { searchKey } from '@coulisses/domain/rules/text-search';
import type { Page } from '@coulisses/domain/schemas/common';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { isPostgres } from '../../src/db/dialect.ts';
import { JsonBytes } from '../../src/lib/json-bytes.ts';
import { listDiscounts } from '../../src/modules/discounts/discounts.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { seedCategory, seedDiscount } from '../public/seed.ts';
import { makeDiscountCategory, seedDiscounts } from './discount-fixtures.ts';

let t: TestApp;
let superadmin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

const get = async (query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/discounts${search ? `?${search}` : ''}`,
    headers: { cookie: superadmin.cookie },
  });
  return response;
};

const titlesOf = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

describe('listing discounts', () => {
  it('answers an empty page when there is nothing', async () => {
    expect((await get()).json()).toEqual({ items: [], nextCursor: null });
  });

  it('pages 50 at a time by lowercase title until a short page ends the list', async () => {
    const titles = Array.from(
      { length: 123 },
      (_, i) => `${i % 2 ? 'remise' : 'Remise'} ${String(i).padStart(3, '0')}`,
    );
    await seedDiscounts(t, titles);
    const seen: string[] = [];
    let after: string | undefined;
    const sizes: number[] = [];
    do {
      const body = (await get(after ? { after } : {})).json();
      sizes.push(body.items.length);
      seen.push(...titlesOf(body));
      after = body.nextCursor ?? undefined;
    } while (after);
    expect(sizes).toEqual([PAGE_SIZE, PAGE_SIZE, 23]);
    expect(seen).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await t.db.deleteFrom('discounts').execute();
  });

  it('orders ignoring case and gives each discount its fields and categories', async () => {
    const [banane] = await seedDiscounts(t, ['banane', 'Abricot', 'Cerise']);
    const category = await makeDiscountCategory(t);
    await t.db
      .insertInto('discount_category_links')
      .values({ discount_id: banane ?? '', category_id: category })
      .execute();
    const body = (await get()).json();
    expect(titlesOf(body)).toEqual(['Abricot', 'banane', 'Cerise']);
    expect(body.items[1]).toEqual({
      id: banane,
      title: 'banane',
      link: 'https://exemple.fr',
      code: '',
      start_date: Date.UTC(2026, 0, 1),
      end_date: Date.UTC(2026, 11, 31),
      image_url: '/files/discount_images/seed-0.jpg',
      image_thumb_url: '/files/thumbnails/discount_images/seed-0.jpg',
      categories: [category],
      views: 0,
      clicks: 0,
      version: 1,
    });
    await t.db.deleteFrom('discount_category_links').execute();
    await t.db.deleteFrom('discounts').execute();
  });

  it('refuses a cursor it did not make', async () => {
    const response = await get({ after: 'pas-un-curseur' });
    expect(response.statusCode).toBe(400);
  });
});

describe('searching discounts', () => {
  beforeAll(async () => {
    await seedDiscounts(t, ["Soldes d'ÉTÉ", 'Fête des mères', 'Rentrée', '-50% sur tout', 'Promo 50 ans']);
  });

  it('finds titles containing the query anywhere, ignoring case and accents', async () => {
    expect(titlesOf((await get({ q: 'ete' })).json())).toEqual(['Fête des mères', "Soldes d'ÉTÉ"]);
    expect(titlesOf((await get({ q: '  RENTRÉE ' })).json())).toEqual(['Rentrée']);
  });

  it('takes % and _ literally', async () => {
    expect(titlesOf((await get({ q: '50%' })).json())).toEqual(['-50% sur tout']);
    expect(titlesOf((await get({ q: '_' })).json())).toEqual([]);
  });

  it('answers every match at once, at most 1000, in title order, with no further page', async () => {
    const count = DISCOUNT_SEARCH_LIMIT + 5;
    // Added in an order of their own, so that the answer's order is the titles' alone.
    const titles = Array.from(
      { length: count },
      (_, i) => `Bon plan ${String((i * 389) % count).padStart(4, '0')}`,
    );
    await seedDiscounts(t, titles);
    const body = (await get({ q: 'bon plan' })).json();
    expect(titlesOf(body)).toEqual([...titles].sort().slice(0, DISCOUNT_SEARCH_LIMIT));
    expect(body.items[0].title).toBe('Bon plan 0000');
    expect(body.nextCursor).toBeNull();
  });

  it('lists everything again for a blank query', async () => {
    const body = (await get({ q: '   ' })).json();
    expect(body.items).toHaveLength(PAGE_SIZE);
    expect(body.nextCursor).not.toBeNull();
  });
});

const getUrl = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: superadmin.cookie, ...headers } });

// On SQLite a search's answer is written by SQLite itself (docs/decisions/037-answers-written-by-sqlite.md),
// where one discount's answer is written from its row by the service: both must say the same.

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
    const response = await getUrl('/api/discounts?q=bizarre');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const found = response.json<Page<Discount>>();
    expect(found.nextCursor).toBeNull();
    expect(found.items.map((item) => item.id).sort()).toEqual([...ids].sort());
    for (const item of found.items) {
      expect(item, item.title).toEqual((await getUrl(`/api/discounts/${item.id}`)).json());
    }
    const byLowercase = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
    const titles = found.items.map((item) => item.title);
    expect(titles).toEqual([...titles].sort(byLowercase));
  });

  it('answers an empty list when nothing holds the term, and compresses a large answer', async () => {
    expect((await getUrl('/api/discounts?q=introuvable')).json()).toEqual({ items: [], nextCursor: null });
    for (let i = 0; i < 20; i += 1)
      await seedDiscount(t, `Remise volumineuse ${i}`, { startInDays: 0, endInDays: 3 });
    const plain = await getUrl('/api/discounts?q=volumineuse');
    expect(plain.json<{ items: Discount[] }>().items).toHaveLength(20);
    const compressed = await getUrl('/api/discounts?q=volumineuse', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(compressed.rawPayload).toString())).toEqual(plain.json());
    // SQLite's thread compresses the answer it writes, so that only those bytes cross to the event
    // loop (ADR 053); PostgreSQL's rows are built and compressed by the plugin.
    const answer = await listDiscounts(t, { q: 'volumineuse' }, 'gzip');
    expect(answer instanceof JsonBytes && answer.encoding).toBe(isPostgres(t.db) ? false : 'gzip');
  });
});
