import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { makeImage } from '../images.ts';
import {
  discountForm,
  makeDiscountCategory,
  storedDiscountImages,
  validFields,
  type DiscountFields,
} from './discount-fixtures.ts';

let t: TestApp;
let superadmin: SignedIn;
let creator: SignedIn;
let category: string;
let otherCategory: string;
let image: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
  creator = await makeSignedIn(t);
  category = await makeDiscountCategory(t);
  otherCategory = await makeDiscountCategory(t);
  image = await makeImage();
});
afterAll(async () => {
  await t.close();
});

async function addDiscount(title = 'Remise à corriger') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: { cookie: superadmin.cookie },
    payload: discountForm(validFields(category, title), image),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

function edit(id: string, user: SignedIn | undefined, fields: DiscountFields, newImage?: Buffer) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/discounts/${id}`,
    headers: user ? { cookie: user.cookie } : {},
    payload: discountForm({ ...validFields(category), version: '1', ...fields }, newImage),
  });
}

async function stateOf(id: string) {
  const [discount, links, files] = await Promise.all([
    t.db.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    t.db.selectFrom('discount_category_links').select('category_id').where('discount_id', '=', id).execute(),
    storedDiscountImages(t),
  ]);
  return { discount, categories: links.map((link) => link.category_id).sort(), files: files.sort() };
}

describe('GET /api/discounts/:id', () => {
  it('answers the superadmin with the categories and the version; a creator gets 403', async () => {
    const id = await addDiscount('Remise à lire');
    const response = await t.app.inject({
      url: `/api/discounts/${id}`,
      headers: { cookie: superadmin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, title: 'Remise à lire', categories: [category], version: 1 });
    const refused = await t.app.inject({ url: `/api/discounts/${id}`, headers: { cookie: creator.cookie } });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({
      url: '/api/discounts/inconnue',
      headers: { cookie: superadmin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT /api/discounts/:id', () => {
  it('saves every field, keeping the image, the views and the clicks', async () => {
    const id = await addDiscount();
    await t.db.updateTable('discounts').set({ views: 12, clicks: 3 }).where('id', '=', id).execute();
    const before = await stateOf(id);
    const response = await edit(id, superadmin, {
      title: 'Remise corrigée',
      link: 'https://boutique.exemple.fr/nouvelle',
      code: 'NOUVEAU10',
      start_date: '2026-07-01',
      end_date: '2026-07-31',
      categories: [otherCategory],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      title: 'Remise corrigée',
      code: 'NOUVEAU10',
      start_date: Date.UTC(2026, 6, 1),
      end_date: Date.UTC(2026, 6, 31),
      categories: [otherCategory],
      views: 12,
      clicks: 3,
      version: 2,
    });
    const after = await stateOf(id);
    expect(after.discount).toMatchObject({
      title_search: 'remise corrigee',
      image_url: before.discount.image_url,
      created_at: before.discount.created_at,
    });
    expect(after.files).toEqual(before.files);
  });

  it('replaces the image with a 900x600 JPEG and removes the old file once saved', async () => {
    const id = await addDiscount();
    const before = await stateOf(id);
    const response = await edit(id, superadmin, {}, await makeImage(400, 800));
    expect(response.statusCode, response.body).toBe(200);
    const after = await stateOf(id);
    expect(after.discount.image_url).not.toBe(before.discount.image_url);
    expect(after.files).toContain(after.discount.image_url);
    expect(after.files).not.toContain(before.discount.image_url);
    const stored = await t.storage.read(after.discount.image_url);
    expect(await sharp(stored!).metadata()).toMatchObject({ width: 900, height: 600, format: 'jpeg' });
  });

  it('refuses a stale form (409) with a clear message, and changes nothing', async () => {
    const id = await addDiscount();
    expect((await edit(id, superadmin, { title: 'Première' })).statusCode).toBe(200);
    const before = await stateOf(id);
    const stale = await edit(id, superadmin, { title: 'Seconde' }, await makeImage());
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(MESSAGES.editedMeanwhile);
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses creators (403), nobody (401) and bad input (400), changing nothing', async () => {
    const id = await addDiscount();
    const before = await stateOf(id);
    expect((await edit(id, creator, { title: 'Volée' })).statusCode).toBe(403);
    expect((await edit(id, undefined, { title: 'Volée' })).statusCode).toBe(401);
    const cases: [DiscountFields, string][] = [
      [{ title: '' }, MESSAGES.discountFieldsMissing],
      [{ link: 'javascript:alert(1)' }, MESSAGES.invalidHttpLink],
      [{ end_date: '2026-05-01' }, MESSAGES.endBeforeStart],
      [{ categories: [] }, MESSAGES.discountFieldsMissing],
    ];
    for (const [fields, message] of cases) {
      const response = await edit(id, superadmin, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await edit(id, superadmin, {}, Buffer.from('pas une image'))).statusCode).toBe(400);
    expect(await stateOf(id)).toEqual(before);
  });
});
