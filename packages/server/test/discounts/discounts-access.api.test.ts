import { makeImage } from '../images.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import {
  discountForm,
  makeDiscountCategory,
  seedDiscounts,
  storedDiscountImages,
  validFields,
} from './discount-fixtures.ts';

let t: TestApp;
let creator: SignedIn;
let superadmin: SignedIn;
let categoryId: string;
let image: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  creator = await makeSignedIn(t);
  superadmin = await makeSignedIn(t, { superadmin: true });
  categoryId = await makeDiscountCategory(t);
  image = await makeImage();
});
afterAll(async () => {
  await t.close();
});

type Role = 'anonymous' | 'creator' | 'superadmin';
const cookieOf = (role: Role) =>
  role === 'anonymous' ? {} : { cookie: (role === 'creator' ? creator : superadmin).cookie };

const operations = {
  list: (role: Role) => t.app.inject({ method: 'GET', url: '/api/discounts', headers: cookieOf(role) }),
  search: (role: Role) =>
    t.app.inject({ method: 'GET', url: '/api/discounts?q=promo', headers: cookieOf(role) }),
  create: (role: Role) =>
    t.app.inject({
      method: 'POST',
      url: '/api/discounts',
      headers: cookieOf(role),
      payload: discountForm(validFields(categoryId, `Promo ${role}`), image),
    }),
  delete: async (role: Role) => {
    const [id] = await seedDiscounts(t, [`À supprimer par ${role}`]);
    return t.app.inject({ method: 'DELETE', url: `/api/discounts/${id}`, headers: cookieOf(role) });
  },
};

describe('who may use discounts', () => {
  it.each(Object.keys(operations) as (keyof typeof operations)[])(
    '%s: anonymous 401, creator 403, superadmin allowed',
    async (operation) => {
      const anonymous = await operations[operation]('anonymous');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.message).toBe(MESSAGES.signInRequired);

      const asCreator = await operations[operation]('creator');
      expect(asCreator.statusCode).toBe(403);
      expect(asCreator.json().error.message).toBe(MESSAGES.noAccess);

      const asSuperadmin = await operations[operation]('superadmin');
      expect(asSuperadmin.statusCode, asSuperadmin.body).toBe(
        { list: 200, search: 200, create: 201, delete: 204 }[operation],
      );
    },
  );

  it('stores nothing for a refused upload', async () => {
    const before = await storedDiscountImages(t);
    const count = await t.db
      .selectFrom('discounts')
      .select('id')
      .where('title', '=', 'Promo creator')
      .execute();
    expect(count).toHaveLength(0);
    expect(await storedDiscountImages(t)).toEqual(before);
  });

  it('keeps a discount a creator tried to delete', async () => {
    const [id] = await seedDiscounts(t, ['Intouchable']);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/discounts/${id}`,
      headers: { cookie: creator.cookie },
    });
    expect(response.statusCode).toBe(403);
    const row = await t.db
      .selectFrom('discounts')
      .select('id')
      .where('id', '=', id ?? '')
      .executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('declares superadmin on every discount operation in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const roles = [
      document.paths['/api/discounts'].get['x-required-role'],
      document.paths['/api/discounts'].post['x-required-role'],
      document.paths['/api/discounts/{id}'].delete['x-required-role'],
    ];
    expect(roles).toEqual(['superadmin', 'superadmin', 'superadmin']);
  });
});
