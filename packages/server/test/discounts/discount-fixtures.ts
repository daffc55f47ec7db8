import { searchKey } from '@coulisses/domain/rules/text-search';
import { newId } from '../../src/lib/ids.ts';
import type { TestApp } from '../build-test-app.ts';

/** Adds a discount category straight in the database. */
export async function makeDiscountCategory(t: TestApp, name = `Catégorie ${newId().slice(0, 8)}`) {
  const id = newId();
  await t.db
    .insertInto('discount_categories')
    .values({ id, name, name_key: searchKey(name), created_at: Date.now() })
    .execute();
  return id;
}

export interface DiscountFields {
  title?: string;
  link?: string;
  code?: string;
  start_date?: string;
  end_date?: string;
  categories?: string[];
  /** The edit form's version. */
  version?: string;
}

/** The add-discount multipart body, as the web form sends it. */
export function discountForm(fields: DiscountFields, image?: Buffer, filename = 'promo.png'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  if (image) form.append('image', new Blob([new Uint8Array(image)]), filename);
  return form;
}

export function validFields(
  categoryId: string,
  title = 'Remise Café Lumière',
): Required<Omit<DiscountFields, 'version'>> {
  return {
    title,
    link: 'https://cafe-lumiere.fr/offre',
    code: 'COULISSES20',
    start_date: '2026-06-01',
    end_date: '2026-06-30',
    categories: [categoryId],
  };
}

/** Many discounts at once, straight in the database, with image keys whose files do not exist. */
export async function seedDiscounts(t: TestApp, titles: readonly string[]): Promise<string[]> {
  const ids = titles.map(() => newId());
  await t.db
    .insertInto('discounts')
    .values(
      titles.map((title, index) => ({
        id: ids[index] ?? '',
        title,
        title_lowercase: title.toLowerCase(),
        title_search: searchKey(title),
        link: 'https://exemple.fr',
        code: '',
        start_date: Date.UTC(2026, 0, 1),
        end_date: Date.UTC(2026, 11, 31),
        image_url: `discount_images/seed-${index}.jpg`,
        created_at: Date.now(),
      })),
    )
    .execute();
  return ids;
}

/** Every file under discount_images/ in the app's storage. */
export async function storedDiscountImages(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.storage.list()) if (key.startsWith('discount_images/')) keys.push(key);
  return keys;
}
