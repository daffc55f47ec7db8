import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { seedCategory } from './fixtures.ts';
import { readStoredFile, storeFile, withDatabase } from './server-state.ts';
export { uniqueTag } from './fixtures.ts';
export { storedFileExists } from './server-state.ts';

/** Adds a discount category straight in the database; returns its id. */
export const seedDiscountCategory = (name: string): Promise<string> => seedCategory('discount', name);

export interface SeededDiscount {
  id: string;
  title: string;
  imageKey: string;
}

/**
 * Inserts discounts straight in the database, each with a real 900x600 JPEG in storage, as the
 * add-discount form would have left them. Days are AAAA-MM-JJ.
 */
export async function seedDiscounts(
  titles: readonly string[],
  options: { code?: string; start?: string; end?: string; link?: string; categoryId?: string } = {},
): Promise<SeededDiscount[]> {
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 75, g: 43, b: 179 } },
  })
    .jpeg()
    .toBuffer();
  const seeded = titles.map((title) => ({
    id: randomUUID(),
    title,
    imageKey: `discount_images/e2e-${randomUUID()}.jpg`,
  }));
  for (const discount of seeded) await storeFile(discount.imageKey, picture);
  if (seeded.length === 0) return [];
  const day = (value: string) => Date.parse(`${value}T00:00:00Z`);
  await withDatabase((db) =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('discounts')
        .values(
          seeded.map((discount) => ({
            id: discount.id,
            title: discount.title,
            title_lowercase: discount.title.toLowerCase(),
            title_search: searchKey(discount.title),
            link: options.link ?? 'https://exemple.fr/offre',
            code: options.code ?? '',
            start_date: day(options.start ?? '2026-01-01'),
            end_date: day(options.end ?? '2026-12-31'),
            image_url: discount.imageKey,
            views: 0,
            clicks: 0,
            created_at: Date.now(),
          })),
        )
        .execute();
      const { categoryId } = options;
      if (categoryId) {
        await trx
          .insertInto('discount_category_links')
          .values(seeded.map((discount) => ({ discount_id: discount.id, category_id: categoryId })))
          .execute();
      }
    }),
  );
  return seeded;
}

/** The stored row of the discount with this title, or undefined. */
export function findDiscountByTitle(title: string) {
  return withDatabase((db) =>
    db
      .selectFrom('discounts')
      .select(['id', 'image_url', 'code', 'views', 'clicks'])
      .where('title', '=', title)
      .executeTakeFirst(),
  );
}

/** Width, height and format of a stored image, read back from the server's storage. */
export async function storedImageSize(key: string) {
  const { width, height, format } = await sharp(await readStoredFile(key)).metadata();
  return { width, height, format };
}

/** A photo as a phone would send it, ready for `setInputFiles`. */
export async function photo(name = 'promo.png', width = 1600, height = 1200) {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 220, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
