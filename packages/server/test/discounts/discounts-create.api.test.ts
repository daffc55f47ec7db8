import { makeImage } from '../images.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import {
  discountForm,
  makeDiscountCategory,
  storedDiscountImages,
  validFields,
  type DiscountFields,
} from './discount-fixtures.ts';

let t: TestApp;
let superadmin: SignedIn;
let categoryId: string;
let image: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
  categoryId = await makeDiscountCategory(t, 'Restaurants');
  image = await makeImage(1600, 1200);
});
afterAll(async () => {
  await t.close();
});

const post = (payload: FormData | object) =>
  t.app.inject({ method: 'POST', url: '/api/discounts', headers: { cookie: superadmin.cookie }, payload });

const discountCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('discounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('adding a discount', () => {
  let imagesBefore: string[];
  let countBefore: number;
  beforeEach(async () => {
    imagesBefore = await storedDiscountImages(t);
    countBefore = await discountCount();
  });
  const expectNothingStored = async () => {
    expect(await storedDiscountImages(t)).toEqual(imagesBefore);
    expect(await discountCount()).toBe(countBefore);
  };

  it('stores the discount with views and clicks at 0, its categories and a 900x600 JPEG', async () => {
    const second = await makeDiscountCategory(t, 'Mode');
    const response = await post(
      discountForm(
        { ...validFields(categoryId, '  Été GOURMAND  '), categories: [categoryId, second] },
        image,
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      title: 'Été GOURMAND',
      link: 'https://cafe-lumiere.fr/offre',
      code: 'COULISSES20',
      start_date: Date.UTC(2026, 5, 1),
      end_date: Date.UTC(2026, 5, 30),
      views: 0,
      clicks: 0,
    });
    expect(created.categories.sort()).toEqual([categoryId, second].sort());

    const row = await t.db
      .selectFrom('discounts')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title_lowercase: 'été gourmand',
      title_search: 'ete gourmand',
      views: 0,
      clicks: 0,
    });
    expect(row.image_url).toMatch(/^discount_images\/[A-Za-z0-9_-]+\.jpg$/);
    expect(created.image_url).toBe(`/files/${row.image_url}`);

    const links = await t.db
      .selectFrom('discount_category_links')
      .select('category_id')
      .where('discount_id', '=', created.id)
      .execute();
    expect(links.map((link) => link.category_id).sort()).toEqual([categoryId, second].sort());

    const stored = await sharp((await t.storage.read(row.image_url))!).metadata();
    expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({
      format: 'jpeg',
      width: 900,
      height: 600,
    });

    const served = await t.app.inject({ method: 'GET', url: created.image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('crops a portrait photo to exactly 900x600 too', async () => {
    const response = await post(
      discountForm(validFields(categoryId, 'Portrait'), await makeImage(500, 1400, 'jpeg')),
    );
    expect(response.statusCode, response.body).toBe(201);
    const key = response.json().image_url.replace('/files/', '');
    const stored = await sharp((await t.storage.read(key))!).metadata();
    expect([stored.width, stored.height]).toEqual([900, 600]);
  });

  it('stores a blank code as an empty string', async () => {
    const response = await post(
      discountForm({ ...validFields(categoryId, 'Sans code'), code: '   ' }, image),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().code).toBe('');
  });

  it.each<[string, DiscountFields]>([
    ['title', { title: '' }],
    ['link', { link: undefined }],
    ['start date', { start_date: '' }],
    ['end date', { end_date: undefined }],
    ['categories', { categories: [] }],
  ])('refuses a missing %s with the spec message, storing nothing', async (_name, change) => {
    const response = await post(discountForm({ ...validFields(categoryId), ...change }, image));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.discountFieldsMissing);
    await expectNothingStored();
  });

  it('refuses a discount without an image', async () => {
    const response = await post(discountForm(validFields(categoryId)));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: MESSAGES.discountFieldsMissing,
      fields: { image: MESSAGES.discountFieldsMissing },
    });
    await expectNothingStored();
  });

  it.each(['ftp://exemple.fr/promo', 'javascript:alert(1)', 'exemple.fr'])(
    'refuses the link %s',
    async (link) => {
      const response = await post(discountForm({ ...validFields(categoryId), link }, image));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        message: MESSAGES.invalidHttpLink,
        fields: { link: MESSAGES.invalidHttpLink },
      });
      await expectNothingStored();
    },
  );

  it('refuses an end date before the start date', async () => {
    const response = await post(
      discountForm({ ...validFields(categoryId), start_date: '2026-06-10', end_date: '2026-06-09' }, image),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: MESSAGES.endBeforeStart,
      fields: { end_date: MESSAGES.endBeforeStart },
    });
    await expectNothingStored();
  });

  it('refuses a day that does not exist', async () => {
    const response = await post(
      discountForm({ ...validFields(categoryId), start_date: '2026-02-30' }, image),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.invalidDate);
  });

  it('refuses a file that is not an image, storing nothing', async () => {
    const response = await post(
      discountForm(validFields(categoryId), Buffer.from('%PDF-1.4 pas une image'), 'promo.jpg'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: MESSAGES.imageInvalid,
      fields: { image: MESSAGES.imageInvalid },
    });
    await expectNothingStored();
  });

  it('refuses an unknown category and removes the image it had already stored', async () => {
    const response = await post(
      discountForm({ ...validFields(categoryId), categories: ['inconnue'] }, image),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('categories');
    await expectNothingStored();
  });

  it.each(['views', 'clicks', 'image_url', 'id'])(
    'refuses the unknown field %s like every other form, storing nothing',
    async (field) => {
      const form = discountForm(validFields(categoryId), image);
      form.append(field, '1000');
      const response = await post(form);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_error');
      expect(response.json().error.message).toMatch(/non reconnue/i);
      await expectNothingStored();
    },
  );

  it('refuses a JSON body: the image can only come as multipart', async () => {
    const response = await post(validFields(categoryId));
    expect(response.statusCode).toBe(415);
    await expectNothingStored();
  });
});
