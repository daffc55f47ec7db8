import { expect } from 'vitest';
import type { TestApp } from '../build-test-app.ts';
import { discountForm, makeDiscountCategory, validFields } from '../discounts/discount-fixtures.ts';
import { makeSignedIn } from '../factories.ts';
import { makeImage } from '../images.ts';

/** Adds a discount with an image through the API, as the web form does; answers its image URL. */
export async function uploadImage(t: TestApp): Promise<string> {
  const superadmin = await makeSignedIn(t, { superadmin: true });
  const category = await makeDiscountCategory(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: { cookie: superadmin.cookie },
    payload: discountForm(validFields(category), await makeImage(1600, 1200)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ image_url: string }>().image_url;
}
