import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_SEARCH_LIMIT, PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
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

  it('answers every match at once, at most 1000, with no further page', async () => {
    await seedDiscounts(
      t,
      Array.from({ length: DISCOUNT_SEARCH_LIMIT + 5 }, (_, i) => `Bon plan ${String(i).padStart(4, '0')}`),
    );
    const body = (await get({ q: 'bon plan' })).json();
    expect(body.items).toHaveLength(DISCOUNT_SEARCH_LIMIT);
    expect(body.items[0].title).toBe('Bon plan 0000');
    expect(body.nextCursor).toBeNull();
  });

  it('lists everything again for a blank query', async () => {
    const body = (await get({ q: '   ' })).json();
    expect(body.items).toHaveLength(PAGE_SIZE);
    expect(body.nextCursor).not.toBeNull();
  });
});
